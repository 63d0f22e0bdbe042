import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { ERRORS, TUS_RESUMABLE, type Locker } from '@tus/server';
import { messages } from '@ani/contract/messages';
import type { StagingStore } from './staging-store.ts';
import type { TusRefusal } from './uploads.service.ts';

/** How long a PATCH may go on writing once another request (a resumption) asks for its upload. */
const lockDrainMs = 3000;

/** A request that breaks the protocol's header rules (the library answers these before its handlers). */
const malformed = (status: number): TusRefusal => ({
  status_code: status,
  body: messages.submissions.protocolInvalid,
});

/** A PATCH's answer: always 204, with the protocol's headers and, once the file is whole, its outcome. */
export type PatchAnswer = { headers: Record<string, string> };

/**
 * tus 1.0's PATCH, the one request of the protocol that carries a file's bytes, answered here
 * rather than by @tus/server. The library turns each request into a web Request and its body back
 * into a Node stream on the way to the store; for PATCH that round trip cost about a quarter of a
 * resumable upload's time on the server (decision 0125). Here the body goes from the socket to the
 * staged file as Node streams. Everything else of the protocol (creation, HEAD, DELETE, OPTIONS,
 * expiry) stays the library's: this shares its store and its locker, so a PATCH and a HEAD or
 * DELETE of the same upload still take turns, and a phone that resumes takes the upload over from
 * a request its lost connection left behind (after `lockDrainMs`, with what arrived kept).
 *
 * Refusals are thrown: the library's own (`ERRORS`, in the same cases as its PATCH) and the
 * caller's, for the route to answer like any other tus refusal.
 */
export function createTusPatch<Known>(deps: {
  store: StagingStore;
  locker: Locker;
  /** Before any byte is written, outside the lock (as the library's `onIncomingRequest`). */
  beforeWrite: (uploadId: string) => Promise<Known>;
  /** The last byte arrived: the commit's outcome, told in the answer. */
  finish: (uploadId: string, known: Known) => Promise<Record<string, string>>;
}) {
  return async function patch(request: IncomingMessage, uploadId: string): Promise<PatchAnswer> {
    const { headers } = request;
    // The protocol's header rules, in the library's order and with its refusals.
    if (!headers['tus-resumable']) throw malformed(412);
    if (headers['tus-resumable'] !== TUS_RESUMABLE) throw malformed(400);
    const offsetHeader = headers['upload-offset'];
    if (offsetHeader === undefined) throw ERRORS.MISSING_OFFSET;
    const offset = Number(offsetHeader);
    if (typeof offsetHeader !== 'string' || !/^\d+$/.test(offsetHeader) || !Number.isSafeInteger(offset))
      throw malformed(400);
    if (headers['content-type'] === undefined) throw ERRORS.INVALID_CONTENT_TYPE;
    if (headers['content-type'] !== 'application/offset+octet-stream') throw malformed(400);
    // Every upload declares its length at creation; a deferred one is never created here.
    if (headers['upload-length'] !== undefined) throw ERRORS.INVALID_LENGTH;
    const length = Number(headers['content-length'] ?? 0);

    const known = await deps.beforeWrite(uploadId);
    const body = new PassThrough();
    // The request's end, for whatever reason, ends the body where it stands: what arrived is written.
    let stopped = false;
    const stop = () => {
      if (stopped) return;
      stopped = true;
      request.unpipe(body);
      body.end();
    };
    let drain: NodeJS.Timeout | undefined;
    const lock = deps.locker.newLock(uploadId);
    const gone = new AbortController();
    const onGone = () => {
      gone.abort();
      stop();
    };
    request.once('aborted', onGone).once('error', onGone);
    try {
      await lock.lock(gone.signal, () => {
        drain ??= setTimeout(stop, lockDrainMs);
      });
    } catch (error) {
      request.off('aborted', onGone).off('error', onGone);
      throw error;
    }
    let newOffset: number;
    let size: number;
    let expires: Date | null = null;
    try {
      if (gone.signal.aborted) throw ERRORS.ABORTED;
      const upload = await deps.store.getUpload(uploadId);
      const expiration = deps.store.getExpiration();
      if (expiration > 0 && upload.creation_date) {
        expires = new Date(new Date(upload.creation_date).getTime() + expiration);
        if (Date.now() > expires.getTime()) throw ERRORS.FILE_NO_LONGER_EXISTS;
      }
      if (upload.size === undefined) throw ERRORS.INVALID_LENGTH;
      if (upload.offset !== offset) throw ERRORS.INVALID_OFFSET;
      size = upload.size;
      if (offset + length > size) throw ERRORS.ERR_SIZE_EXCEEDED;
      request.pipe(body);
      newOffset = await deps.store.write(body, uploadId, offset);
    } finally {
      clearTimeout(drain);
      request.off('aborted', onGone).off('error', onGone);
      await lock.unlock();
    }
    const answer: Record<string, string> = {
      'tus-resumable': TUS_RESUMABLE,
      'upload-offset': String(newOffset),
    };
    if (newOffset === size) Object.assign(answer, await deps.finish(uploadId, known));
    else if (expires) answer['upload-expires'] = expires.toUTCString();
    // Cut short by a request that took the upload over: this connection has nothing more to send.
    if (stopped && newOffset < size) answer.connection = 'close';
    return { headers: answer };
  };
}
