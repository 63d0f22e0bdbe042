import { randomUUID } from 'node:crypto';
import { mkdir, open, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { limits } from '@ani/contract/limits';
import { messages } from '@ani/contract/messages';
import { cleanLine, stripInvisible } from '@ani/contract/text';
import { AppError, ErrorCode } from '../../http/errors.ts';
import { BatchedFileStream, type Chunk } from '../../storage/batched-file-stream.ts';
import { ContentTally, tallyFile, type ContentSummary } from './content-tally.ts';
import { detectMediaType, detectionHeadBytes, type DetectedMedia } from './detect-media-type.ts';

const u = messages.upload;

/** The parts of a multipart body, as @fastify/multipart's iterator yields them. */
export type UploadPart =
  | { type: 'file'; fieldname: string; filename: string; file: Readable }
  | { type: 'field'; fieldname: string; value: unknown };

/** A file received whole: what its bytes say (the head only decided its type), where it is, its type. */
export type ReceivedFile = Omit<ContentSummary, 'head'> & {
  tempPath: string;
  media: DetectedMedia;
  originalName: string | null;
};

export type ReceivedUpload = { dir: string; files: ReceivedFile[]; uploader: string; note: string | null };

export type UploadLimits = { maxPhotos: number; maxVideos: number; maxBytes: number };

/**
 * Further bounds of this one upload beyond the per-request limits (what is left of the event's quota,
 * of the disk's headroom…), each with the error that explains it. Checked on the same running count.
 */
export type UploadCaps = {
  bytes?: { max: number; error: () => AppError }[];
  items?: { max: number; error: () => AppError };
};

const defaultUploadLimits: UploadLimits = {
  maxPhotos: limits.maxPhotosPerUpload,
  maxVideos: limits.maxVideosPerUpload,
  maxBytes: limits.maxUploadBytes,
};

function uploaderFrom(value: unknown): string {
  const name = typeof value === 'string' ? cleanLine(value) : '';
  if (!name) throw new AppError(ErrorCode.VALIDATION, u.uploaderRequired);
  if ([...name].length < limits.uploaderNameMin) throw new AppError(ErrorCode.VALIDATION, u.nameMin);
  if ([...name].length > limits.uploaderNameMax) throw new AppError(ErrorCode.VALIDATION, u.nameMax);
  return name;
}

function noteFrom(value: unknown): string | null {
  const note = typeof value === 'string' ? stripInvisible(value).trim() : '';
  if ([...note].length > limits.uploadNoteMax) throw new AppError(ErrorCode.VALIDATION, u.noteMax);
  // The note is kept only when it says something.
  return note || null;
}

/** A received file's record, whichever path brought it; the client's name is cut to fit its column. */
function receivedFileOf(
  tempPath: string,
  summary: ContentSummary,
  media: DetectedMedia,
  originalName: string | null,
): ReceivedFile {
  return {
    tempPath,
    size: summary.size,
    sha256: summary.sha256,
    crc32: summary.crc32,
    media,
    originalName: originalName ? originalName.slice(0, 255) : null,
  };
}

/** The type a file's first bytes show, or the refusal that says why it is not taken. */
export async function acceptedMedia(head: Uint8Array): Promise<DetectedMedia> {
  const result = await detectMediaType(head);
  if (result.ok) return result.media;
  throw new AppError(
    ErrorCode.UNSUPPORTED_MEDIA_TYPE,
    result.reason === 'undetectable' ? u.typeUndetectable : u.onlyImagesAndVideos,
  );
}

type WriteCallback = (error?: Error | null) => void;

/**
 * The temp file a multipart file part streams into, which counts, hashes and sniffs the bytes on
 * their way to its own writes: no stream stage between the parser and the file. The type is decided
 * from the first bytes as soon as they have arrived, and nothing is written before, so a refused
 * file stops the upload before the rest is read; the size is checked against the request's total
 * as the bytes arrive.
 */
class InspectingFile extends BatchedFileStream {
  readonly tally = new ContentTally();
  media: DetectedMedia | null = null;
  private held: Chunk[] = [];
  private readonly addBytes: (n: number) => void;
  private readonly onDetected: (media: DetectedMedia) => void;

  constructor(filePath: string, addBytes: (n: number) => void, onDetected: (media: DetectedMedia) => void) {
    super(filePath, { flags: 'wx' });
    this.addBytes = addBytes;
    this.onDetected = onDetected;
  }

  private async detect(): Promise<void> {
    this.media = await acceptedMedia(this.tally.head());
    this.onDetected(this.media);
  }

  /** Detects the type from the bytes held so far, then writes them; the writes wait for the verdict. */
  private writeHeld(callback: WriteCallback): void {
    const held = this.held;
    this.held = [];
    this.detect().then(
      () => (held.length ? super._writev!(held, callback) : callback()),
      (error: Error) => callback(error),
    );
  }

  /** Until the detection head has arrived, the pieces only wait (and are acknowledged). */
  private writeHeldOnceDetectable(callback: WriteCallback): void {
    if (this.tally.size < detectionHeadBytes) return callback();
    this.writeHeld(callback);
  }

  /** Counts a piece against the upload's bounds and into the tally; past a bound, fails the write (false). */
  private counted(chunk: Buffer, callback: WriteCallback): boolean {
    try {
      this.addBytes(chunk.length);
      this.tally.add(chunk);
      return true;
    } catch (error) {
      callback(error as Error);
      return false;
    }
  }

  override _write(chunk: Buffer, encoding: BufferEncoding, callback: WriteCallback): void {
    if (!this.counted(chunk, callback)) return;
    if (this.media) return super._write(chunk, encoding, callback);
    this.held.push({ chunk, encoding });
    this.writeHeldOnceDetectable(callback);
  }

  override _writev(chunks: Chunk[], callback: WriteCallback): void {
    for (const { chunk } of chunks) if (!this.counted(chunk, callback)) return;
    if (this.media) return super._writev!(chunks, callback);
    this.held.push(...chunks);
    this.writeHeldOnceDetectable(callback);
  }

  override _final(callback: WriteCallback): void {
    // A file shorter than the detection head is decided (and written) once it has ended.
    if (this.media) return callback();
    this.writeHeld(callback);
  }
}

/**
 * Streams every file of a multipart upload into a private temporary directory, enforcing the
 * per-request limits while the bytes arrive (never after), and validates the text fields. On any
 * failure — a limit, a refused type, a client that disconnects — the directory is removed before
 * the error propagates, so nothing is left behind.
 */
export async function receiveUpload(
  parts: AsyncIterable<UploadPart>,
  options: {
    tempRoot: string;
    limits?: UploadLimits;
    caps?: UploadCaps;
    /** Each file as soon as all its bytes are on disk, while the rest of the body still arrives. */
    onFile?: (file: ReceivedFile) => void;
  },
): Promise<ReceivedUpload> {
  const max = options.limits ?? defaultUploadLimits;
  // The tightest byte bound decides, and its own message says why (one comparison per chunk).
  let byteLimit = max.maxBytes;
  let byteError = () => new AppError(ErrorCode.PAYLOAD_TOO_LARGE, u.maxTotalSize);
  for (const cap of options.caps?.bytes ?? []) {
    if (cap.max < byteLimit) [byteLimit, byteError] = [cap.max, cap.error];
  }
  const itemCap = options.caps?.items;
  const dir = path.join(options.tempRoot, randomUUID());
  await mkdir(dir, { recursive: true });
  const files: ReceivedFile[] = [];
  let total = 0;
  let photos = 0;
  let videos = 0;
  let uploaderValue: unknown;
  let noteValue: unknown;

  const addBytes = (n: number) => {
    total += n;
    if (total > byteLimit) throw byteError();
  };
  const onDetected = (media: DetectedMedia) => {
    if (itemCap && photos + videos + 1 > itemCap.max) throw itemCap.error();
    if (media.type === 'image' && ++photos > max.maxPhotos)
      throw new AppError(ErrorCode.VALIDATION, u.maxPhotos);
    if (media.type === 'video' && ++videos > max.maxVideos)
      throw new AppError(ErrorCode.VALIDATION, u.maxVideos);
  };

  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        // Fields sent before the files are checked at once, so a bad name fails before any upload.
        if (part.fieldname === 'uploader') uploaderValue = uploaderFrom(part.value);
        else if (part.fieldname === 'note') noteValue = noteFrom(part.value);
        continue;
      }
      if (part.fieldname !== 'files' && part.fieldname !== 'files[]') {
        part.file.resume();
        continue;
      }
      const tempPath = path.join(dir, String(files.length));
      const target = new InspectingFile(tempPath, addBytes, onDetected);
      await pipeline(part.file, target);
      // A file that was cut by the parser's own size limit is incomplete.
      if ((part.file as Readable & { truncated?: boolean }).truncated) {
        throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, u.maxTotalSize);
      }
      files.push(receivedFileOf(tempPath, target.tally.finish(), target.media!, part.filename || null));
      options.onFile?.(files.at(-1)!);
    }
    if (files.length === 0) throw new AppError(ErrorCode.VALIDATION, u.noFiles);
    const uploader = uploaderFrom(uploaderValue);
    const note = noteValue === undefined ? null : (noteValue as string | null);
    return { dir, files, uploader, note };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw asUploadError(error);
  }
}

/**
 * A file read once for what the multipart receiver learns while streaming: its type, size, SHA-256
 * and CRC-32. As there, the type is decided from the first bytes before the rest is read, so a
 * refused file is not read further.
 */
async function readWhole(filePath: string): Promise<{ media: DetectedMedia; summary: ContentSummary }> {
  const file = await open(filePath);
  try {
    const buffer = Buffer.alloc(detectionHeadBytes);
    const { bytesRead } = await file.read(buffer, 0, detectionHeadBytes, 0);
    const head = buffer.subarray(0, bytesRead);
    const media = await acceptedMedia(head);
    const tally = new ContentTally();
    tally.add(head);
    return { media, summary: (await tallyFile(file, tally, bytesRead)).finish() };
  } finally {
    await file.close();
  }
}

/**
 * A file that arrived whole by another path (a finished tus upload) as a received file: its type from
 * its first bytes, or the refusal that says why. `counted`: what was counted as its bytes were written;
 * without it (nothing saw them all: a restart, another instance) the file is read once for it.
 */
export async function receivedFile(
  filePath: string,
  originalName: string | null,
  counted?: ContentSummary,
): Promise<ReceivedFile> {
  if (counted) return receivedFileOf(filePath, counted, await acceptedMedia(counted.head), originalName);
  const { media, summary } = await readWhole(filePath);
  return receivedFileOf(filePath, summary, media, originalName);
}

// The parser's and the socket's own failures: a body cut short or malformed is the client's
// problem (400), a full disk is ours but temporary (507, as the free-space floor answers); neither is an unexplained 500.
const interruptedBody =
  /unexpected end of (form|multipart)|malformed|part terminated|boundary|aborted|premature close/i;
function asUploadError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const e = error as { code?: string; message?: string; statusCode?: number };
  if (e.code === 'ENOSPC' || e.code === 'EDQUOT')
    return new AppError(ErrorCode.INSUFFICIENT_STORAGE, u.diskFull);
  if (e.statusCode && e.statusCode < 500) return error;
  if (
    e.code === 'ECONNRESET' ||
    e.code === 'ERR_STREAM_PREMATURE_CLOSE' ||
    interruptedBody.test(e.message ?? '')
  ) {
    return new AppError(ErrorCode.VALIDATION, u.interrupted);
  }
  return error;
}
