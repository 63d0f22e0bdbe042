/**
 * The upload pipeline: how a guest's files get into an album. It checks a request before reading a
 * byte (event open, album quota, disk floor, the address's hourly bytes), receives multipart files
 * (type by content, not by name), refuses what cannot be shown (decompression bombs, cut-off HEIC,
 * videos ffprobe cannot read or that are too large), and stores and commits them with their count
 * and derivation jobs in one transaction; a file that arrived by tus (`commitFile`) goes through the
 * same checks and commit, with bytes the album already holds (same SHA-256) not stored twice.
 *
 * Separate from album.service.ts, which serves what is already in the album to its owner: the two
 * share only the media table and the event's counts, and change for different reasons.
 */
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import type { MediaType, UploadResponse } from '@ani/contract/media';
import { formatMessage } from '@ani/contract/media';
import { messages } from '@ani/contract/messages';
import { AppError, ErrorCode } from '../../http/errors.ts';
import { newObjectKey, type Storage } from '../../storage/storage.ts';
import { ImageRejectedError, inspectImage } from './derive-images.ts';
import type { EventsApi } from '../events/events.public.ts';
import {
  DuplicateMediaError,
  type CommitTx,
  UploadCommitError,
  type MediaRepository,
  type MediaRow,
  type NewMediaRow,
  type PhotoCounter,
} from './media.repository.ts';
import type { ContentSummary } from './content-tally.ts';
import {
  acceptedMedia,
  receivedFile,
  receiveUpload,
  type ReceivedFile,
  type UploadCaps,
  type UploadLimits,
  type UploadPart,
} from './upload-receiver.ts';
import type { DetectedMedia } from './detect-media-type.ts';
import type { Budget } from '../../http/rate-limit.ts';
import type { UploadBounds } from '../../config.ts';
import { diskHeadroom } from '../../storage/disk-space.ts';
import { limits } from '@ani/contract/limits';
import { isobmffComplete, probeVideo, videoLimits } from './media-tools.ts';
import { recount, stripLocation } from './strip-location.ts';

const u = messages.upload;

/** Objects of an upload that never committed (process crash) are removed after this delay. */
const sweepDelayMs = 60 * 60 * 1000;

const notFound = () => new AppError(ErrorCode.NOT_FOUND, messages.events.notFound);
const quotaBytesFull = () => new AppError(ErrorCode.PAYLOAD_TOO_LARGE, u.quotaBytes);
const quotaItemsFull = () => new AppError(ErrorCode.PAYLOAD_TOO_LARGE, u.quotaItems);
const diskLow = () => new AppError(ErrorCode.INSUFFICIENT_STORAGE, u.diskFull);
/**
 * The declared Content-Length also counts the multipart framing and the text fields; an upload is
 * refused from it only when it is over by more than that, the exact file bytes are counted anyway.
 */
const framingAllowance = 64 * 1024;

/** Who sent an upload's files: the name and note they typed, and their phone's guest id when known. */
export type UploadAuthor = { uploader: string; note: string | null; guestId: string | null };

/** What an accepted request may still bring, and how to undo its reservation if it fails. */
export type UploadTicket = { caps: UploadCaps; refund: () => Promise<void> };

/** Where an event's originals (and, beside them, their derived images) are stored. */
export const eventKeyPrefix = (eventId: string) => `events/${eventId}`;

export function createUploadService(deps: {
  repository: MediaRepository;
  events: Pick<EventsApi, 'findById'>;
  /** The event's counts: an upload's items are counted (against the quota) in its commit. */
  counter: PhotoCounter;
  storage: Storage;
  tempRoot: string;
  onJobsEnqueued: () => void;
  /** Metrics: files and bytes of each committed upload. */
  onStored?: (files: number, bytes: number) => void;
  uploadLimits?: UploadLimits;
  bounds: UploadBounds;
  /** Bytes uploaded per client IP and hour. */
  ipBytes: Budget;
  /** The directory whose file system holds temp uploads, local media and the embedded database. */
  dataDir: string;
  ffprobeCommand?: string;
}) {
  const { repository: repo, storage, counter: photoCounter } = deps;

  /**
   * The checks every received file passes before it is stored, whichever path brought it: a
   * decompression bomb is refused from its header before anything is decoded, a HEIC cut off in
   * transfer is refused now (not found broken by the decoder later), and a video only passes when
   * ffprobe can read it within the limits the poster and the players can cope with (an 8192×8192
   * clip of a few kB would cost gigabytes to decode). Images first, then videos: the cheap checks
   * decide before any ffprobe runs. `imagesChecked`: the images' checks already started as their
   * files arrived, one per file in order, so the first refusal in file order still decides.
   */
  async function checkFiles(files: ReceivedFile[], imagesChecked?: Promise<void>[]): Promise<void> {
    if (imagesChecked) for (const check of imagesChecked) await check;
    else for (const file of files) await checkImage(file);
    for (const file of files) await checkVideo(file);
  }

  async function checkImage(file: ReceivedFile): Promise<void> {
    if (file.media.type !== 'image') return;
    if (file.media.needsHeicDecoder && !(await isobmffComplete(file.tempPath))) {
      throw new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, u.imageUnreadable);
    }
    try {
      await inspectImage(file.tempPath);
    } catch (error) {
      if (!(error instanceof ImageRejectedError)) throw error;
      if (error.reason === 'too-large') throw new AppError(ErrorCode.VALIDATION, u.imageTooLarge);
      // HEIC headers are read by the WebAssembly decoder later; sharp may not parse them.
      if (!file.media.needsHeicDecoder)
        throw new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, u.imageUnreadable);
    }
  }

  async function checkVideo(file: ReceivedFile): Promise<void> {
    if (file.media.type !== 'video') return;
    const verdict = await probeVideo(file.tempPath, deps.ffprobeCommand);
    if (verdict === 'unreadable') throw new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, u.videoUnreadable);
    if (verdict === 'too-large') {
      throw new AppError(
        ErrorCode.VALIDATION,
        formatMessage(u.videoTooLarge, {
          width: videoLimits.maxWidth,
          height: videoLimits.maxHeight,
          minutes: Math.round(videoLimits.maxDurationSeconds / 60),
        }),
      );
    }
  }

  /**
   * A photo's location leaves the original before it is stored, as the privacy text promises (the
   * album and its ZIP hand originals out). When bytes changed, their hashes are counted again from
   * the file, so duplicates are still found and the ZIP's CRC matches what it sends.
   */
  async function withoutLocation(file: ReceivedFile): Promise<ReceivedFile> {
    if (!(await stripLocation(file.tempPath, file.media))) return file;
    return { ...file, ...(await recount(file.tempPath)) };
  }

  /**
   * Stores checked files and commits their rows, their count (the quota is part of the count's
   * UPDATE) and their derivation jobs in one transaction; on any failure nothing stays stored.
   * `refuseDuplicates`: bytes this album already holds are not stored again (DuplicateMediaError).
   */
  async function storeAndCommit(
    eventId: string,
    files: ReceivedFile[],
    author: UploadAuthor,
    options: {
      refuseDuplicates?: boolean;
      within?: (tx: CommitTx, inserted: MediaRow[]) => Promise<void>;
    } = {},
  ): Promise<MediaRow[]> {
    files = await Promise.all(files.map(withoutLocation));
    const uploadedAt = new Date();
    const keys: string[] = [];
    const rows: NewMediaRow[] = files.map((file) => {
      const key = newObjectKey(eventKeyPrefix(eventId), file.media.ext);
      keys.push(key);
      return {
        id: randomUUID(),
        eventId,
        objectKey: key,
        originalName: file.originalName,
        type: file.media.type,
        mimeType: file.media.mime,
        size: file.size,
        sha256: file.sha256,
        crc32: file.crc32,
        uploader: author.uploader,
        note: author.note,
        guestId: author.guestId,
        uploadedAt,
      };
    });
    // If the process dies after storing objects but before the commit, this job removes them.
    const sweepJobId = await repo.scheduleSweep(keys, new Date(Date.now() + sweepDelayMs));
    let committed: MediaRow[];
    try {
      for (const [i, file] of files.entries()) {
        // Local disk moves the temp file into place (no second write); other stores stream it.
        if (storage.putFile) await storage.putFile(keys[i]!, file.tempPath);
        else await storage.put(keys[i]!, createReadStream(file.tempPath));
      }
      committed = await repo.commitUpload(eventId, rows, sweepJobId, photoCounter, {
        quota: { bytes: deps.bounds.eventQuotaBytes, items: deps.bounds.eventQuotaItems },
        refuseDuplicates: options.refuseDuplicates ?? false,
        within: options.within,
      });
    } catch (error) {
      await Promise.allSettled(keys.map((key) => storage.delete(key)));
      if (error instanceof UploadCommitError) {
        if (error.reason === 'closed') throw new AppError(ErrorCode.FORBIDDEN, u.closed);
        if (error.reason === 'quota-bytes') throw quotaBytesFull();
        if (error.reason === 'quota-items') throw quotaItemsFull();
        throw notFound();
      }
      throw error;
    }
    deps.onJobsEnqueued();
    deps.onStored?.(
      committed.length,
      committed.reduce((sum, row) => sum + row.size, 0),
    );
    return committed;
  }

  async function receiveAndCommit(
    eventId: string,
    parts: AsyncIterable<UploadPart>,
    caps: UploadCaps,
    guestId: string | null,
  ): Promise<UploadResponse> {
    // Each image's header is read as soon as its file has arrived, on the thread pool while the
    // next file streams in, rather than all of them after the body (awaited in order below).
    const imagesChecked: Promise<void>[] = [];
    const received = await receiveUpload(parts, {
      tempRoot: deps.tempRoot,
      limits: deps.uploadLimits,
      caps,
      onFile: (file) => {
        const check = checkImage(file);
        // Awaited after the body; a body that fails first leaves its verdict unread.
        check.catch(() => {});
        imagesChecked.push(check);
      },
    });
    try {
      await checkFiles(received.files, imagesChecked);
      const committed = await storeAndCommit(eventId, received.files, { ...received, guestId });
      return {
        success: true,
        message: formatMessage(u.success, { n: committed.length }),
        uploaded: committed.map((row) => ({
          id: row.id,
          key: row.objectKey,
          thumbnailUrl: null,
          type: row.type,
          mimeType: row.mimeType,
          size: row.size,
          width: row.width,
          height: row.height,
          processed: false,
          status: row.status,
          unreadable: false,
          metadata: { uploader: row.uploader, uploadDate: row.uploadedAt.toISOString(), note: row.note },
        })),
      };
    } finally {
      await rm(received.dir, { recursive: true, force: true });
    }
  }

  /**
   * What every upload is checked for before its bytes: the event takes uploads, and the album's
   * count and bytes and the data disk have room for the declared size (when one is declared).
   * Answers the caps the bytes are held to as they arrive.
   */
  async function admit(eventId: string, declared: number | null): Promise<UploadCaps> {
    const event = await deps.events.findById(eventId);
    if (!event) throw notFound();
    if (!event.canAddPhotos) throw new AppError(ErrorCode.FORBIDDEN, u.closed);
    const { bounds } = deps;
    // Items awaiting approval hold their place in the quota (decision 0100).
    const itemsLeft = bounds.eventQuotaItems - event.photoCount - event.pendingCount;
    const bytesLeft = bounds.eventQuotaBytes - event.bytesUsed;
    if (itemsLeft <= 0) throw quotaItemsFull();
    if (bytesLeft <= 0 || (declared !== null && declared - framingAllowance > bytesLeft))
      throw quotaBytesFull();
    const headroom = await diskHeadroom(deps.dataDir, bounds.minFreeDiskBytes);
    if (headroom <= 0 || (declared !== null && declared - framingAllowance > headroom)) throw diskLow();
    return {
      bytes: [
        { max: bytesLeft, error: quotaBytesFull },
        { max: headroom, error: diskLow },
      ],
      items: { max: itemsLeft, error: quotaItemsFull },
    };
  }

  return {
    /**
     * A file's first bytes (`detectionHeadBytes` of them) against the accepted types: throws the
     * AppError that says why when they are no photo or video. Lets a resumable upload refuse such a
     * file once its head has arrived, not after its last byte.
     */
    async checkType(head: Uint8Array): Promise<void> {
      await acceptedMedia(head);
    },

    /**
     * The multipart path, checked before the body is read: an unknown event, closed uploads, a full
     * album, a disk at its floor or a client past its hourly bytes fail without receiving a byte. The
     * declared size is reserved from the client's hourly budget at once (so parallel requests cannot
     * all pass), and given back if the upload fails; the request that reserves it brings the bytes.
     */
    async openUpload(
      eventId: string,
      client: { ip: string; declaredBytes: number | null },
    ): Promise<UploadTicket> {
      const caps = await admit(eventId, client.declaredBytes);
      const reserved = client.declaredBytes ?? limits.maxUploadBytes;
      await deps.ipBytes.take(client.ip, reserved, u.ipBudget);
      return { caps, refund: () => deps.ipBytes.giveBack(client.ip, reserved) };
    },

    /**
     * A resumable upload's selection, checked as `openUpload` checks a request, reserving nothing:
     * its bytes come later, in other requests, or never, and a selection must not hold an address's
     * budget without sending (a stranger declaring 100 MB two hundred times would close the venue's
     * shared address to every guest for an hour). Its bytes count as they arrive (`spendBytes`).
     */
    async checkUpload(eventId: string, client: { ip: string; declaredBytes: number }): Promise<void> {
      await admit(eventId, client.declaredBytes);
      await deps.ipBytes.check(client.ip, client.declaredBytes, u.ipBudget);
    },

    /** Before a resumable upload's request writes `bytes`: refused (429) when they would pass the address's hour. */
    checkBytesLeft: (ip: string, bytes: number) => deps.ipBytes.check(ip, bytes, u.ipBudget),
    /** Bytes of a resumable upload that arrived, counted against the address's hour. */
    spendBytes: (ip: string, bytes: number) => deps.ipBytes.spend(ip, bytes),

    async upload(
      eventId: string,
      parts: AsyncIterable<UploadPart>,
      ticket: UploadTicket,
      /** The phone a valid guest token names, so the guest finds the upload in "my uploads". */
      guestId: string | null = null,
    ): Promise<UploadResponse> {
      try {
        return await receiveAndCommit(eventId, parts, ticket.caps, guestId);
      } catch (error) {
        await ticket.refund();
        throw error;
      }
    },

    /**
     * One file that arrived whole by another path (a finished tus upload): the same checks and the
     * same commit as a multipart upload's files, one file at a time. Bytes this album already holds
     * are not stored again (`duplicate`, naming the item that holds them). A refusal throws an
     * AppError whose message says why in Turkish. The file is moved into storage when accepted;
     * otherwise it stays where it was for the caller to remove.
     */
    async commitFile(input: {
      eventId: string;
      filePath: string;
      originalName: string | null;
      author: UploadAuthor;
      /**
       * Runs in the commit's own transaction, with the new item's id: decides whether one more of
       * this kind still fits (throws if not) and records the outcome, so both commit with the item
       * (one transaction for all of it, not three).
       */
      admit?: (tx: CommitTx, media: DetectedMedia, mediaId: string) => Promise<void>;
      /**
       * The file's size, hashes and head, when they were counted as its bytes were written (all of
       * them, in order); without it the file is read once for them, and a refused type stops the read
       * at its first bytes.
       */
      content?: ContentSummary;
    }): Promise<{ outcome: 'accepted' | 'duplicate'; mediaId: string; type: MediaType }> {
      const file = await receivedFile(input.filePath, input.originalName, input.content);
      await checkFiles([file]);
      const admit = input.admit;
      try {
        const [row] = await storeAndCommit(input.eventId, [file], input.author, {
          refuseDuplicates: true,
          within: admit && ((tx, [inserted]) => admit(tx, file.media, inserted!.id)),
        });
        return { outcome: 'accepted', mediaId: row!.id, type: row!.type };
      } catch (error) {
        // The album already holds these bytes. Not looked up before the commit: the commit's own
        // look-up is the one that counts (it runs with the album's row locked), and a duplicate is
        // rare enough that checking, moving and then removing its bytes costs less than one more
        // statement for every file. The stored copy went with the failed commit.
        if (error instanceof DuplicateMediaError) {
          // Another phone's copy: this guest gave the item too, and keeps it if that phone takes
          // its own back.
          const { guestId, uploader, note } = input.author;
          if (guestId) await repo.recordCoUpload(error.existingId, { guestId, uploader, note });
          return { outcome: 'duplicate', mediaId: error.existingId, type: file.media.type };
        }
        throw error;
      }
    },
  };
}
export type UploadService = ReturnType<typeof createUploadService>;
