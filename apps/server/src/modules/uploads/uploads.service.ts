import { limits } from '@ani/contract/limits';
import { messages } from '@ani/contract/messages';
import { AppError, ErrorCode, statusOf } from '../../http/errors.ts';
import { RateLimitError } from '../../http/rate-limit.ts';
import type { EventsApi } from '../events/events.public.ts';
import { detectionHeadBytes, type ContentSummary, type MediaUploadsApi } from '../media/media.public.ts';
import type { SubmissionFileRow, SubmissionRow, UploadsRepository } from './uploads.repository.ts';

const s = messages.submissions;
const u = messages.upload;

/** Unfinished files of a submission are swept after this long (the tus expiration extension says so too). */
export const submissionTtlMs = 24 * 60 * 60 * 1000;

/** A refusal on the tus routes: the status and the Turkish reason, sent as the plain-text body. */
export type TusRefusal = { status_code: number; body: string };
const refusal = (status: number, body: string): TusRefusal => ({ status_code: status, body });
const fromAppError = (error: AppError): TusRefusal => refusal(statusOf[error.code], error.message);
const isRefusal = (error: unknown): error is TusRefusal =>
  typeof error === 'object' && error !== null && 'status_code' in error && 'body' in error;

/** Where the tus store keeps a file's bytes until it is committed (DATA_DIR/tus, see decision 0091). */
export type Staging = {
  /** Bytes held, or null when the store has no such upload. */
  offset(uploadId: string): Promise<number | null>;
  filePath(uploadId: string): string;
  /** The staged file's first bytes (up to the type check's length). */
  head(uploadId: string): Promise<Uint8Array>;
  /**
   * The whole file's size, hashes and first bytes when they were counted as it was written (all of
   * it, in order, in this process); null otherwise. Answered once per upload.
   */
  content(uploadId: string, size: number): ContentSummary | null;
  /** Removes the bytes and the store's record of them; a missing upload is not an error. */
  drop(uploadId: string): Promise<void>;
};

/** A tus upload's declared file with its submission, as read before a PATCH wrote its bytes. */
export type ReceivingFile = { file: SubmissionFileRow; submission: SubmissionRow };

export function createUploadsService(deps: {
  repository: UploadsRepository;
  events: Pick<EventsApi, 'takesUploads'>;
  media: MediaUploadsApi;
  staging: Staging;
  now?: () => Date;
}) {
  const { repository: repo, media, staging } = deps;
  const now = deps.now ?? (() => new Date());
  /**
   * Uploads whose commit runs in this process, with its outcome to come: the sweep and a HEAD leave
   * them alone, and a second finish of the same upload waits for the first instead of committing
   * the same bytes again.
   */
  const finishing = new Map<string, Promise<'accepted' | 'duplicate'>>();

  /** Refuses the rest of a file: its bytes go, and its state says why. */
  async function refuseFile(uploadId: string, reason: string) {
    await repo.setOutcome(uploadId, { state: 'refused', reason });
    await staging.drop(uploadId);
  }

  /**
   * Runs the media commit on a file whose bytes have all arrived; answers the outcome or throws a
   * TusRefusal. `known`: the file as the request that wrote its last bytes read it before writing
   * (the commit itself still checks the event and the submission's kind counts).
   */
  function finish(uploadId: string, known?: ReceivingFile): Promise<'accepted' | 'duplicate'> {
    const running = finishing.get(uploadId);
    if (running) return running;
    const outcome = commit(uploadId, known).finally(() => finishing.delete(uploadId));
    finishing.set(uploadId, outcome);
    return outcome;
  }

  async function commit(uploadId: string, known: ReceivingFile | undefined) {
    const found = known ?? (await repo.findByUpload(uploadId, deps.events.takesUploads));
    if (!found) throw refusal(404, s.notFound);
    const { file, submission } = found;
    if (file.state === 'accepted' || file.state === 'duplicate') return file.state;
    if (file.state !== 'receiving') throw refusal(410, file.reason ?? s.notFound);
    try {
      const result = await media.commitFile({
        eventId: submission.eventId,
        filePath: staging.filePath(uploadId),
        content: staging.content(uploadId, file.size) ?? undefined,
        originalName: file.name,
        author: { uploader: submission.uploader, note: submission.note, guestId: submission.guestId },
        // In the commit's transaction: the kind's count and the file's outcome commit with the item.
        admit: async (tx, detected, mediaId) => {
          const max = detected.type === 'video' ? limits.maxVideosPerUpload : limits.maxPhotosPerUpload;
          const file = { uploadId, submissionId: submission.id };
          if (!(await repo.acceptWithin(tx, file, detected.type, max, mediaId)))
            throw new AppError(ErrorCode.VALIDATION, detected.type === 'video' ? u.maxVideos : u.maxPhotos);
        },
      });
      if (result.outcome === 'duplicate')
        await repo.setOutcome(uploadId, { state: 'duplicate', mediaId: result.mediaId });
      await staging.drop(uploadId);
      return result.outcome;
    } catch (error) {
      if (error instanceof AppError) {
        await refuseFile(uploadId, error.message);
        throw fromAppError(error);
      }
      // Our failure (the database went away mid-commit): if the bytes had already moved on and were
      // removed with the failed commit, the file may be sent again from the start; otherwise it
      // stays whole in the store and the next HEAD or sweep commits it.
      if ((await staging.offset(uploadId).catch(() => null)) !== file.size) {
        await staging.drop(uploadId).catch(() => {});
        await repo.release(uploadId).catch(() => {});
      }
      throw error;
    }
  }

  async function whereIs(
    uploadId: string,
    readAgain: boolean,
  ): Promise<{ complete: number } | { refused: string } | null> {
    const found = await repo.findByUpload(uploadId, deps.events.takesUploads);
    if (!found) return null;
    const { file } = found;
    if (file.state === 'receiving') {
      // A commit under way (the phone lost its last chunk's answer) is waited for: its outcome is
      // the answer, not the store's, which no longer holds the bytes it moved into the album.
      if (!finishing.has(uploadId)) {
        const staged = await staging.offset(uploadId);
        // No bytes staged: a commit that finished after the row was read took them into the
        // album; the row read again says so (else the phone is told its file is unknown).
        if (staged === null && readAgain) return whereIs(uploadId, false);
        if (staged !== file.size) return null;
      }
      try {
        await finish(uploadId, found);
        return { complete: file.size };
      } catch (error) {
        if (!isRefusal(error)) throw error;
        return { refused: error.body };
      }
    }
    if (file.state === 'accepted' || file.state === 'duplicate') return { complete: file.size };
    if (file.state === 'refused') return { refused: file.reason ?? s.notFound };
    return null;
  }

  const service = {
    /**
     * tus creation: the file must be one of its submission's declared files (same length), the
     * submission still valid and the event still taking uploads. Answers the file it receives (when
     * it took a new slot) and the submission's deadline, which is the upload's too.
     */
    async onCreate(
      uploadId: string,
      length: number,
      metadata: Record<string, string | null>,
    ): Promise<
      | { known: ReceivingFile | undefined; expiresAt: Date }
      | { finished: { uploadId: string; outcome: 'accepted' | 'duplicate' } }
    > {
      const found = metadata.submissionId
        ? await repo.findSubmissionToUpload(metadata.submissionId, deps.events.takesUploads)
        : null;
      if (!found) throw refusal(404, s.notFound);
      const { submission, eventTakesUploads } = found;
      if (submission.expiresAt <= now()) throw refusal(410, s.expired);
      if (eventTakesUploads === null) throw refusal(404, messages.events.notFound);
      if (!eventTakesUploads) throw refusal(403, u.closed);
      const name = metadata.filename ?? '';
      const claimed = await repo.claimFile(submission.id, uploadId, length, name);
      if (claimed) return { known: { file: claimed, submission }, expiresAt: submission.expiresAt };
      // The same file created again (its phone lost the first creation's answer, or the first
      // upload's bytes are on another instance): it starts again from zero in the same slot.
      const previous = await repo.receivingUpload(submission.id, length, name);
      const running = previous ? finishing.get(previous) : undefined;
      if (previous && running) {
        // Its last bytes arrived and their commit is under way (the phone lost that answer): the
        // commit's outcome is this file's, never a refusal for a slot it still holds itself.
        try {
          return { finished: { uploadId: previous, outcome: await running } };
        } catch (error) {
          if (isRefusal(error)) throw error;
          // Our failure: the commit left the slot free or the bytes whole; read it afresh.
          return service.onCreate(uploadId, length, metadata);
        }
      }
      if (previous && (await repo.replaceUpload(previous, uploadId))) {
        await staging.drop(previous);
        return { known: undefined, expiresAt: submission.expiresAt };
      }
      const files = await repo.listFiles(submission.id);
      // Its commit finished before this creation came (or while it was being looked for): the file
      // is in the album, and its phone, which lost the last answer, is told so rather than refused.
      for (const f of files) {
        if (f.size !== length || f.name !== name || !f.uploadId) continue;
        if (f.state === 'accepted' || f.state === 'duplicate')
          return { finished: { uploadId: f.uploadId, outcome: f.state } };
      }
      const refused = files.find(
        (f) => f.state === 'refused' && f.size === length && f.name === metadata.filename,
      );
      if (refused) throw refusal(400, refused.reason ?? s.tooManyFiles);
      throw refusal(400, files.some((f) => f.state === 'waiting') ? s.fileNotDeclared : s.tooManyFiles);
    },

    /**
     * Before a PATCH writes: the file must still be receiving and its event still open. Once uploads
     * are closed the file is refused (its bytes go) and its submission gets no more files. Answers
     * the file as read, for the commit if this PATCH brings its last bytes.
     */
    async beforeWrite(uploadId: string): Promise<ReceivingFile> {
      const found = await repo.findByUpload(uploadId, deps.events.takesUploads);
      if (!found) throw refusal(404, s.notFound);
      const { file, submission } = found;
      if (file.state === 'refused') throw refusal(410, file.reason ?? s.notFound);
      if (file.state !== 'receiving') throw refusal(409, s.fileDone);
      if (submission.expiresAt <= now()) throw refusal(410, s.expired);
      if (!found.eventTakesUploads) {
        await refuseFile(uploadId, u.closed);
        throw refusal(403, u.closed);
      }
      return { file, submission };
    },

    /**
     * Before a HEAD: where a file stands beyond what the tus store knows. A committed file's bytes
     * have left the store, so its phone (whose last response may have been lost) is told all of it
     * arrived; a refused file is gone. A file whose bytes all arrived but whose commit a crash cut
     * short is committed now, so the phone that resumes and finds nothing left to send finds its
     * file in the album. Null: the tus store answers.
     */
    whereIs: (uploadId: string) => whereIs(uploadId, true),

    /**
     * After a PATCH that left the file unfinished: once its first bytes have arrived, a file that is
     * no photo or video is refused (its bytes go, its phone reads why) instead of after its last
     * byte, which on a venue's uplink may be minutes of a guest's data later.
     */
    async afterWrite(uploadId: string, from: number, to: number): Promise<void> {
      if (from >= detectionHeadBytes || to < detectionHeadBytes) return;
      try {
        await media.checkType(await staging.head(uploadId));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        await refuseFile(uploadId, error.message);
        throw fromAppError(error);
      }
    },

    /** The last byte arrived: the commit decides, and the final response tells the outcome. */
    finish,

    /**
     * Before a request brings `bytes` of a file: the 429 refusal (and when to come back), before a
     * byte is read, when they would pass the sending address's hour; null when they fit. What a
     * request brought counts once it has arrived (`spent`): a selection reserves nothing, so only
     * bytes really sent use up an address's hour.
     */
    async bytesRefusal(
      ip: string,
      bytes: number,
    ): Promise<(TusRefusal & { retryAfterSeconds: number }) | null> {
      try {
        await media.checkBytesLeft(ip, bytes);
        return null;
      } catch (error) {
        if (!(error instanceof RateLimitError)) throw error;
        return { ...fromAppError(error), retryAfterSeconds: error.retryAfterSeconds };
      }
    },
    spent: (ip: string, bytes: number) => media.spendBytes(ip, bytes),

    /** A terminated (DELETE) upload: its declared file may be sent again. */
    onTerminated: (uploadId: string) => repo.release(uploadId),

    /**
     * Maintenance: expired submissions go with the bytes of their unfinished files; files whose bytes
     * all arrived but were never committed (a crash mid-commit, no client came back) are committed.
     */
    async sweep(): Promise<{ expired: number; finished: number }> {
      let expired = 0;
      for (;;) {
        const batch = await repo.expired(now(), 200);
        if (!batch.ids.length) break;
        for (const uploadId of batch.uploadIds) if (!finishing.has(uploadId)) await staging.drop(uploadId);
        await repo.deleteSubmissions(batch.ids);
        expired += batch.ids.length;
      }
      // Accepted or refused, each outcome is recorded on its file for its phone to read.
      let finished = 0;
      for (const file of await repo.receiving(1000)) {
        if (!file.uploadId || finishing.has(file.uploadId)) continue;
        if ((await staging.offset(file.uploadId)) !== file.size) continue;
        try {
          await finish(file.uploadId);
        } catch (error) {
          if (!isRefusal(error)) throw error;
        }
        finished++;
      }
      return { expired, finished };
    },
  };
  return service;
}
export type UploadsService = ReturnType<typeof createUploadsService>;
