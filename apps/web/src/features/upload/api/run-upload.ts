import { submissionTexts } from '../texts';
import { saveGuestToken } from '../guest-token';
import {
  clearPendingUpload,
  isSettled,
  savePendingUpload,
  type PendingFile,
  type PendingUpload,
} from '../pending-upload';
import { createSubmission, getSubmissionStatus, SubmissionError } from './submissions';
import { sendFile, type ConnectionTrouble } from './tus-file';

export interface UploadCallbacks {
  /** The upload as it stands now (files' states, submission); called after every change. */
  onChange: (upload: PendingUpload) => void;
  /** Bytes of file `index` the server holds. */
  onProgress: (index: number, sent: number) => void;
  /** Why bytes are not moving while the upload waits for the connection (null: they move). */
  onTrouble?: (trouble: ConnectionTrouble) => void;
}

/**
 * How a run ended: every file settled; interrupted with a message, the upload still stored for the same
 * tap to continue; refused as a whole by the server (`status`), with nothing left stored; or put off
 * because the server was too busy to take the selection, stored to start again `until` then.
 */
export type RunResult =
  | { kind: 'finished' }
  | { kind: 'interrupted'; message: string }
  | { kind: 'refused'; message: string; status: number }
  | { kind: 'busy'; until: number };

/** The wait when a busy server names none (no usable Retry-After). */
const busyFallbackSeconds = 60;

/**
 * Answers that are the server's last word on a submission (invalid, closed, gone, over the album's
 * quota): asking again brings the same answer, so the stored upload goes. Anything else (no answer, a
 * timeout, too many requests, a failing or restarting server) passes, and the guest must not lose the
 * picked files and what already arrived to it.
 */
const finalStatuses = new Set([400, 403, 404, 410, 413]);

type ServerFiles = Awaited<ReturnType<typeof getSubmissionStatus>>;

/**
 * The server's state of each local file: the server lists the files in the order they were declared,
 * which (after a submission was announced again) are the local files that were unfinished then; each
 * is matched by name and size, in order.
 */
function serverStates(files: PendingFile[], server: ServerFiles) {
  const unused = [...(server ?? [])];
  return files.map((f) => {
    const at = unused.findIndex((s) => s.name === f.file.name && s.size === f.file.size);
    return at < 0 ? null : unused.splice(at, 1)[0]!;
  });
}

/**
 * Takes the server's word for the files it already settled (a page coming back after a reload), and for
 * how many bytes of the others it holds.
 */
function applyServerStates(files: PendingFile[], server: ServerFiles): PendingFile[] {
  const known = serverStates(files, server);
  return files.map((f, i) => {
    const s = known[i];
    if (!s) return f;
    if (s.state === 'accepted' || s.state === 'duplicate' || s.state === 'refused')
      return { ...f, state: s.state, reason: s.reason };
    return isSettled(f.state) ? f : { ...f, offset: s.offset };
  });
}

/**
 * The stored upload as the server knows it now (files it settled, bytes it holds of the others), or null
 * when it cannot say: what the page offers to continue after a reload shows the real progress, not the
 * last figure this phone happened to store.
 */
export async function withServerStates(upload: PendingUpload): Promise<PendingUpload | null> {
  if (!upload.submissionId) return null;
  const server = await getSubmissionStatus(upload.eventId, upload.submissionId, upload.guestToken).catch(
    () => null,
  );
  return server ? { ...upload, files: applyServerStates(upload.files, server) } : null;
}

/**
 * A phone that says it is offline when the guest taps waits here, saying so, and starts by itself once
 * it is online: the same as a phone that goes offline mid-file (tus-file.ts), instead of failing at the
 * first request and asking for another tap. False when the run was stopped meanwhile.
 */
function online(onTrouble: UploadCallbacks['onTrouble'], signal?: AbortSignal): Promise<boolean> {
  if (navigator.onLine !== false) return Promise.resolve(true);
  onTrouble?.('offline');
  return new Promise((resolve) => {
    const done = (back: boolean) => {
      window.removeEventListener('online', up);
      signal?.removeEventListener('abort', stop);
      onTrouble?.(null);
      resolve(back);
    };
    const up = () => done(true);
    const stop = () => done(false);
    window.addEventListener('online', up);
    signal?.addEventListener('abort', stop);
  });
}

/**
 * Runs a guest's upload to the end: announces the selection (POST submissions) unless it already was,
 * then sends each unfinished file with tus, one after another (on a venue's thin uplink two files at
 * once only share the same bytes per second). Every step is stored, so a reload continues where this
 * left off. A refused file is named with its reason and the others go on; a lost connection, or a server
 * that cannot answer for now, stops the run with everything stored; a refused submission stops it before
 * any byte is sent, and one the server is too busy to take (429) puts it off until the time it named.
 */
export async function runUpload(
  start: PendingUpload,
  callbacks: UploadCallbacks,
  signal?: AbortSignal,
): Promise<RunResult> {
  // Starting is what a wait was for: a reload from here on has nothing left to wait for.
  let upload: PendingUpload = { ...start, notBefore: undefined };
  let announcing = false;
  const update = async (next: PendingUpload) => {
    upload = next;
    callbacks.onChange(upload);
    await savePendingUpload(upload);
  };
  const setFile = (index: number, patch: Partial<PendingFile>) =>
    update({ ...upload, files: upload.files.map((f, i) => (i === index ? { ...f, ...patch } : f)) });

  try {
    await savePendingUpload(upload);
    if (!(await online(callbacks.onTrouble, signal)))
      return { kind: 'interrupted', message: submissionTexts.connectionLost };
    if (upload.submissionId) {
      const server = await getSubmissionStatus(upload.eventId, upload.submissionId, upload.guestToken);
      // A file the server is receiving whose upload address this page never stored (the reload came
      // between the creation and its answer) cannot be continued by anyone: the unfinished files are
      // then announced again, like those of a submission that is gone.
      const orphaned =
        server !== null &&
        serverStates(upload.files, server).some(
          (s, i) =>
            s?.state === 'receiving' && !upload.files[i]!.uploadUrl && !isSettled(upload.files[i]!.state),
        );
      if (server && !orphaned) await update({ ...upload, files: applyServerStates(upload.files, server) });
      // Gone (unfinished files are swept after a day): what is left is announced again as a new one.
      else
        await update({
          ...upload,
          submissionId: null,
          files: (server ? applyServerStates(upload.files, server) : upload.files).map((f) =>
            isSettled(f.state) ? f : { ...f, uploadUrl: null, offset: 0 },
          ),
        });
      // Progress restarts from what the server holds, not from zero: the tus client tells its offset only
      // once its HEAD is answered, which on a thin uplink can take a while.
      upload.files.forEach((f, i) => {
        if (!isSettled(f.state)) callbacks.onProgress(i, f.offset ?? 0);
      });
    }
    if (!upload.submissionId) {
      const unfinished = upload.files.filter((f) => !isSettled(f.state)).map((f) => f.file);
      announcing = true;
      const created = await createSubmission(
        upload.eventId,
        {
          uploader: upload.uploader,
          note: upload.note,
          files: unfinished.map((f) => ({ name: f.name, size: f.size, type: f.type })),
        },
        upload.guestToken,
      );
      saveGuestToken(upload.eventId, created.guestToken);
      await update({ ...upload, submissionId: created.submissionId, guestToken: created.guestToken });
    }
  } catch (error) {
    if (error instanceof SubmissionError) {
      if (announcing && error.status === 429) {
        // The address's submissions are spent for now (a venue's guests share one address): nothing was
        // refused and nothing started. The page waits as long as the server asked, then starts by itself.
        const until = Date.now() + Math.max(1, error.retryAfterSeconds ?? busyFallbackSeconds) * 1000;
        await update({ ...upload, notBefore: until });
        return { kind: 'busy', until };
      }
      if (!finalStatuses.has(error.status)) return { kind: 'interrupted', message: error.message };
      // Refused before any byte: nothing to continue later; the page keeps the selection itself.
      await clearPendingUpload(upload.eventId);
      return { kind: 'refused', message: error.message, status: error.status };
    }
    throw error;
  }

  for (let index = 0; index < upload.files.length; index += 1) {
    const current = upload.files[index]!;
    if (isSettled(current.state)) continue;
    await setFile(index, { state: 'sending' });
    const outcome = await sendFile({
      file: current.file,
      submissionId: upload.submissionId!,
      uploadUrl: current.uploadUrl,
      onUploadUrl: (url) => void setFile(index, { uploadUrl: url }),
      onProgress: (sent) => callbacks.onProgress(index, sent),
      onTrouble: callbacks.onTrouble,
      signal,
    });
    if (outcome.kind === 'failed') {
      await setFile(index, { state: 'waiting' });
      // The server's own reason when it gave one (its disk is full, it is failing): not the guest's
      // connection, and tapping again at once may meet the same answer.
      return { kind: 'interrupted', message: outcome.message ?? submissionTexts.connectionLost };
    }
    if (outcome.kind === 'refused') {
      await setFile(index, { state: 'refused', reason: outcome.reason });
      continue;
    }
    if (outcome.kind === 'settled') {
      // The bytes were all there already (the last answer was lost with a reload): ask what became of it.
      const server = await getSubmissionStatus(upload.eventId, upload.submissionId!, upload.guestToken).catch(
        () => null,
      );
      const known = applyServerStates(upload.files, server)[index]!;
      await setFile(
        index,
        isSettled(known.state) ? { state: known.state, reason: known.reason } : { state: 'accepted' },
      );
      continue;
    }
    await setFile(index, { state: outcome.kind });
  }
  await clearPendingUpload(upload.eventId);
  return { kind: 'finished' };
}
