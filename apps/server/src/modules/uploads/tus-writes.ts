import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { ERRORS, Metadata, TUS_RESUMABLE, Uid, Upload, type Locker } from '@tus/server';
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

/** A tus answer: its status (201 for a creation, 204 for a PATCH) and the protocol's headers. */
export type TusAnswer = { status: 201 | 204; headers: Record<string, string> };

/** A whole number of bytes as the protocol writes it (digits only), or undefined. */
function byteCount(value: string | string[] | undefined): number | undefined {
  if (typeof value !== 'string' || !/^\d+$/.test(value)) return undefined;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : undefined;
}

/** Upload-Metadata's pairs; none names no submission, which the service answers (as for the library). */
function parseMetadata(value: string | string[] | undefined): Record<string, string | null> {
  if (!value) return {};
  if (typeof value !== 'string') throw ERRORS.INVALID_METADATA;
  let metadata: Record<string, string | null>;
  try {
    metadata = Metadata.parse(value);
  } catch {
    throw ERRORS.INVALID_METADATA;
  }
  // The database refuses a NUL in text: a name or id carrying one is the request's fault, refused
  // here rather than failing its query as a server error.
  for (const [key, text] of Object.entries(metadata))
    if (key.includes('\0') || text?.includes('\0')) throw malformed(400);
  return metadata;
}

/** Reads the rest of a request's body for nobody; answers how many bytes arrived. */
function discard(request: IncomingMessage): Promise<number> {
  return new Promise((resolve) => {
    let bytes = 0;
    const count = (chunk: Buffer) => (bytes += chunk.length);
    const done = () => {
      request.off('data', count).off('end', done).off('close', done).off('error', done);
      resolve(bytes);
    };
    if (request.destroyed || request.readableEnded) return done();
    request.on('data', count).once('end', done).once('close', done).once('error', done);
    request.resume();
  });
}

/** The protocol's version header, as the library checks it before any handler. */
function checkVersion(request: IncomingMessage): void {
  const version = request.headers['tus-resumable'];
  if (!version) throw malformed(412);
  if (version !== TUS_RESUMABLE) throw malformed(400);
}

/**
 * The two tus 1.0 requests that write: creation (POST, with or without the file's first bytes)
 * and PATCH, answered here rather than by @tus/server. The library turns each request into a web
 * Request and its body back into a Node stream on the way to the store; for PATCH that round trip
 * cost about a quarter of a resumable upload's time on the server (decision 0125), and a creation
 * through it waited on six file operations more than it needs (decision 0126). Here the body goes
 * from the socket to the staged file as Node streams, and what the upload is (its declared
 * length, its deadline) comes from the caller's own record of it, not from the store's file.
 *
 * Everything else of the protocol (HEAD, DELETE, OPTIONS, expiry) stays the library's: this shares
 * its store and its locker, so a PATCH and a HEAD or DELETE of the same upload still take turns,
 * and a phone that resumes takes the upload over from a request its lost connection left behind
 * (after `lockDrainMs`, with what arrived kept).
 *
 * Refusals are thrown: the library's own (`ERRORS`, in the same cases as its handlers) and the
 * caller's, for the route to answer like any other tus refusal.
 */
export function createTusWrites<Known>(deps: {
  store: StagingStore;
  locker: Locker;
  /** Where a new upload's address points: the tus path it is answered under. */
  path: string;
  /** Uploads longer than this are refused at creation. */
  maxSize: number;
  /**
   * A new upload of `length` bytes: accepted (the file it receives, and until when) or thrown; or
   * `finished`, the same file's earlier upload whose bytes all arrived and were committed (its
   * commit's answer headers), which the creation points to instead of starting again.
   */
  create: (
    uploadId: string,
    length: number,
    metadata: Record<string, string | null>,
  ) => Promise<
    | { known: Known | undefined; expiresAt: Date }
    | { finished: { uploadId: string; headers: Record<string, string> } }
  >;
  /** Before a PATCH writes a byte, outside the lock (as the library's `onIncomingRequest`). */
  beforeWrite: (uploadId: string) => Promise<{ known: Known; length: number; expiresAt: Date }>;
  /** The last byte arrived: the commit's outcome, told in the answer. */
  finish: (uploadId: string, known: Known | undefined) => Promise<Record<string, string>>;
  /** Bytes `from`..`to` of an unfinished upload were written (outside the lock); may refuse the rest. */
  afterWrite?: (uploadId: string, from: number, to: number) => Promise<void>;
  /** `bytes` from the address `ip` arrived and were written (counted against its hour). */
  spent: (ip: string, bytes: number) => Promise<void>;
}) {
  /**
   * Appends the request's body at `offset` under the upload's lock; answers the protocol's headers
   * (the commit's outcome once the file is whole).
   */
  async function append(
    request: IncomingMessage,
    uploadId: string,
    upload: { offset: number; length: number; expiresAt: Date; known: Known | undefined },
    ip: string,
  ): Promise<Record<string, string>> {
    const { offset, length } = upload;
    const bodyLength = Number(request.headers['content-length'] ?? 0);
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
    // Gone before anyone listened (while the checks before this ran): its body will never end.
    if (request.destroyed) onGone();
    try {
      await lock.lock(gone.signal, () => {
        drain ??= setTimeout(stop, lockDrainMs);
      });
    } catch (error) {
      request.off('aborted', onGone).off('error', onGone);
      throw error;
    }
    let newOffset: number;
    try {
      if (gone.signal.aborted) throw ERRORS.ABORTED;
      const staged = await deps.store.stagedBytes(uploadId);
      if (staged === null) throw ERRORS.FILE_NOT_FOUND;
      if (staged !== offset) throw ERRORS.INVALID_OFFSET;
      if (offset + bodyLength > length) throw ERRORS.ERR_SIZE_EXCEEDED;
      request.pipe(body);
      newOffset = await deps.store.write(body, uploadId, offset);
    } finally {
      clearTimeout(drain);
      request.off('aborted', onGone).off('error', onGone);
      await lock.unlock();
    }
    await deps.spent(ip, newOffset - offset);
    const answer: Record<string, string> = {
      'tus-resumable': TUS_RESUMABLE,
      'upload-offset': String(newOffset),
    };
    if (newOffset === length) Object.assign(answer, await deps.finish(uploadId, upload.known));
    else {
      await deps.afterWrite?.(uploadId, offset, newOffset);
      answer['upload-expires'] = upload.expiresAt.toUTCString();
    }
    // Cut short by a request that took the upload over: this connection has nothing more to send.
    if (stopped && newOffset < length) answer.connection = 'close';
    return answer;
  }

  return {
    /**
     * Creation, and creation-with-upload when `withBody` (the request carries the file's first
     * bytes, or all of them). Every upload declares its length: a deferred one is not supported.
     */
    async create(request: IncomingMessage, withBody: boolean, ip: string): Promise<TusAnswer> {
      const { headers } = request;
      checkVersion(request);
      if (headers['upload-concat'] !== undefined) throw ERRORS.UNSUPPORTED_CONCATENATION_EXTENSION;
      if (headers['upload-defer-length'] !== undefined)
        throw ERRORS.UNSUPPORTED_CREATION_DEFER_LENGTH_EXTENSION;
      if (headers['upload-length'] === undefined) throw ERRORS.INVALID_LENGTH;
      const length = byteCount(headers['upload-length']);
      if (length === undefined) throw malformed(400);
      const metadata = parseMetadata(headers['upload-metadata']);
      if (length > deps.maxSize) throw ERRORS.ERR_MAX_SIZE_EXCEEDED;

      const uploadId = Uid.rand();
      const created = await deps.create(uploadId, length, metadata);
      if ('finished' in created) {
        // Nothing left to send: the answer says every byte is there (a client that sent bytes with
        // the creation reads its offset; one that did not finds it with its next HEAD). Bytes it
        // sent anyway are read for nobody, and still count against its address's hour.
        if (withBody) await deps.spent(ip, await discard(request));
        else request.resume();
        const { finished } = created;
        return {
          status: 201,
          headers: {
            location: `${deps.path}/${finished.uploadId}`,
            'tus-resumable': TUS_RESUMABLE,
            'upload-offset': String(length),
            ...finished.headers,
          },
        };
      }
      const { known, expiresAt } = created;
      await deps.store.create(new Upload({ id: uploadId, size: length, offset: 0, metadata }));
      const location = { location: `${deps.path}/${uploadId}` };
      if (!withBody) {
        return {
          status: 201,
          headers: {
            ...location,
            'tus-resumable': TUS_RESUMABLE,
            'upload-expires': expiresAt.toUTCString(),
          },
        };
      }
      const answer = await append(request, uploadId, { offset: 0, length, expiresAt, known }, ip);
      return { status: 201, headers: { ...location, ...answer } };
    },

    /** PATCH: the protocol's header rules in the library's order and with its refusals. */
    async patch(request: IncomingMessage, uploadId: string, ip: string): Promise<TusAnswer> {
      const { headers } = request;
      checkVersion(request);
      const offsetHeader = headers['upload-offset'];
      if (offsetHeader === undefined) throw ERRORS.MISSING_OFFSET;
      const offset = byteCount(offsetHeader);
      if (offset === undefined) throw malformed(400);
      if (headers['content-type'] === undefined) throw ERRORS.INVALID_CONTENT_TYPE;
      if (headers['content-type'] !== 'application/offset+octet-stream') throw malformed(400);
      // Every upload declares its length at creation; a deferred one is never created here.
      if (headers['upload-length'] !== undefined) throw ERRORS.INVALID_LENGTH;

      const { known, length, expiresAt } = await deps.beforeWrite(uploadId);
      const answer = await append(request, uploadId, { offset, length, expiresAt, known }, ip);
      return { status: 204, headers: answer };
    },
  };
}
