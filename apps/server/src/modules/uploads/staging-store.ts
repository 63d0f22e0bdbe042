import { rm, stat } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';
import { ERRORS } from '@tus/server';
import { BatchedFileStream, type Chunk } from '../../storage/batched-file-stream.ts';
import { ContentTally, detectionHeadBytes, readHead, type ContentSummary } from '../media/media.public.ts';

/**
 * Unfinished uploads whose bytes are counted in memory. Each holds a hash state and its first
 * 4 kB, so this many hold about 5 MB of the idle process's memory; past it the least recently
 * written is forgotten. A forgotten tally costs only time: its commit reads the staged file instead.
 */
const maxTallies = 1_000;
/** An upload not written to for this long is likely abandoned: its tally goes when another starts. */
const staleTallyMs = 60 * 60 * 1000;

type Counted = { tally: ContentTally; writtenAt: number };

/** A staged file's writes, each chunk counted into the upload's tally as it is handed to the disk. */
class TallyingFile extends BatchedFileStream {
  private readonly tally: ContentTally | null;

  constructor(filePath: string, offset: number, tally: ContentTally | null) {
    super(filePath, { flags: 'r+', start: offset });
    this.tally = tally;
  }

  override _write(chunk: Buffer, encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.tally?.add(chunk);
    super._write(chunk, encoding, callback);
  }

  override _writev(chunks: Chunk[], callback: (error?: Error | null) => void): void {
    if (this.tally) for (const { chunk } of chunks) this.tally.add(chunk);
    super._writev!(chunks, callback);
  }
}

/**
 * @tus/file-store, with two changes to how a PATCH body reaches the disk.
 *
 * The library's own write passes each socket piece (16–64 KiB) through a counting Transform to a
 * write stream of Node's default 16 KiB, so every piece is its own write call and waits for it.
 * Here the pieces that arrive while a write is in flight go out together in one writev of up to
 * 1 MiB, and the count is the stream's own (decision 0120).
 *
 * And the bytes are counted (size, SHA-256, CRC-32, first bytes) as they are written, so the commit
 * need not read the whole file again (decision 0122). Only while every byte of the file passed
 * through this process's writes in order from the first: a PATCH at any other offset than where the
 * tally stands (a resumption after a restart, bytes written by another instance), or one whose body
 * failed, forgets the tally, and the commit reads the staged file as before.
 *
 * Everything else — the offset is the staged file's size, the metadata files, expiry — is the
 * library's: a PATCH cut short still ends its stream gracefully (tus-writes.ts ends it when the
 * connection goes or another request takes the upload over), so what arrived is written, and
 * counted, before the offset is read.
 */
export class StagingStore extends FileStore {
  private readonly root: string;
  /** In the order of their last write, oldest first (each write inserts its tally again). */
  private readonly tallies = new Map<string, Counted>();
  private readonly now: () => number;

  constructor(
    options: ConstructorParameters<typeof FileStore>[0] & {
      /** Milliseconds of a monotonic clock, for how long a tally has not been written to. */
      now?: () => number;
    },
  ) {
    super(options);
    // Every upload declares its length at creation (a guest's files are declared in their
    // submission), so OPTIONS does not offer deferring it.
    this.extensions = this.extensions.filter((extension) => extension !== 'creation-defer-length');
    this.root = path.resolve(options.directory);
    this.now = options.now ?? (() => performance.now());
  }

  /** A new upload's tally; first the tallies not written to for `staleTallyMs` go, oldest first. */
  private newTally(): ContentTally {
    const staleBefore = this.now() - staleTallyMs;
    for (const [uploadId, { writtenAt }] of this.tallies) {
      if (writtenAt >= staleBefore) break;
      this.tallies.delete(uploadId);
    }
    return new ContentTally();
  }

  /** An upload's staged file; upload ids are flat names in the store's directory, anything else names none. */
  private fileOf(uploadId: string): string | null {
    const file = path.join(this.root, uploadId);
    return path.dirname(file) === this.root ? file : null;
  }

  /**
   * How many bytes of an upload are staged (the offset it goes on from), or null when the store
   * holds none: one stat, where the library's `getUpload` also reads the upload's record.
   */
  async stagedBytes(uploadId: string): Promise<number | null> {
    const file = this.fileOf(uploadId);
    if (!file) return null;
    try {
      const stats = await stat(file);
      return stats.isFile() ? stats.size : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  override async write(readable: IncomingMessage | Readable, uploadId: string, offset: number) {
    const file = this.fileOf(uploadId);
    if (!file) throw ERRORS.FILE_NOT_FOUND;
    let tally = offset === 0 ? this.newTally() : (this.tallies.get(uploadId)?.tally ?? null);
    if (tally && tally.size !== offset) tally = null;
    this.tallies.delete(uploadId);
    const sink = new TallyingFile(file, offset, tally);
    try {
      await pipeline(readable, sink);
    } catch {
      throw ERRORS.FILE_WRITE_ERROR;
    }
    // Kept only when what it counted is exactly what reached the file.
    if (tally && tally.size === offset + sink.bytesWritten) {
      this.tallies.set(uploadId, { tally, writtenAt: this.now() });
      if (this.tallies.size > maxTallies) this.tallies.delete(this.tallies.keys().next().value!);
    }
    return offset + sink.bytesWritten;
  }

  /**
   * A staged file's first bytes (up to `detectionHeadBytes`): what the writes counted when they saw
   * them, otherwise one read of the file.
   */
  async head(uploadId: string): Promise<Buffer> {
    const counted = this.tallies.get(uploadId)?.tally.head();
    if (counted && counted.length === detectionHeadBytes) return counted;
    const file = this.fileOf(uploadId);
    if (!file) throw ERRORS.FILE_NOT_FOUND;
    return readHead(file);
  }

  /**
   * What the writes counted of a whole staged file of `size` bytes, once (the tally is forgotten);
   * null when they did not see every byte of it, and the caller reads the file instead.
   */
  content(uploadId: string, size: number): ContentSummary | null {
    const tally = this.tallies.get(uploadId)?.tally;
    this.tallies.delete(uploadId);
    return tally && tally.size === size ? tally.finish() : null;
  }

  /**
   * An upload done with (committed, refused or swept): its tally, its bytes and its metadata file
   * go; a file already gone is no error.
   */
  async drop(uploadId: string): Promise<void> {
    this.tallies.delete(uploadId);
    const file = this.fileOf(uploadId);
    if (!file) return;
    await rm(file, { force: true });
    await rm(`${file}.json`, { force: true });
  }

  override async remove(uploadId: string): Promise<void> {
    this.tallies.delete(uploadId);
    await super.remove(uploadId);
  }
}
