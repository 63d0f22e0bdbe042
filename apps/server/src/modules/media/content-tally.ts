import { detectionHeadBytes } from './detect-media-type.ts';
import { hashThread, type HashedFile, type HashThread } from './hash-thread.ts';

/** What a file's bytes say once they have all passed: what the album stores with the file. */
export type ContentSummary = {
  size: number;
  sha256: string;
  /** For the album ZIP, whose headers need it before the file is read again. */
  crc32: number;
  /** The first bytes (`detectionHeadBytes`, or the whole file when shorter): the type is decided from them. */
  head: Buffer;
};

/**
 * Size, SHA-256 (duplicates), CRC-32 (the album ZIP) and the first bytes of a file, counted once as
 * its bytes pass on their way to disk, so nothing reads the file again for them. The size and the
 * head are kept here; the hashes run on the hashing thread (hash-thread.ts), which gets each batch
 * of bytes as a copy, so a long-lived tally (a resumable upload between its requests, after
 * `flush`) holds a few kB, not the socket's buffers. Writers wait on `room` after handing a batch
 * over, which bounds the bytes waiting for the thread.
 */
export class ContentTally {
  private readonly hashes: HashedFile;
  private readonly thread: HashThread;
  private bytes = 0;
  private readonly headBuffer = Buffer.alloc(detectionHeadBytes);
  private headLength = 0;

  constructor(thread: HashThread = hashThread) {
    this.thread = thread;
    this.hashes = thread.file();
  }

  get size(): number {
    return this.bytes;
  }

  add(chunk: Uint8Array): void {
    this.bytes += chunk.length;
    this.hashes.add(chunk);
    if (this.headLength < detectionHeadBytes) {
      this.headLength += Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).copy(
        this.headBuffer,
        this.headLength,
      );
    }
  }

  /** Hands the bytes added so far to the hashing thread: the tally then holds none of them. */
  flush(): void {
    this.hashes.flush();
  }

  /** Resolves once the hashing thread has room for more bytes. */
  room(): Promise<void> {
    return this.thread.room();
  }

  /** The first bytes seen so far (all of `detectionHeadBytes` once that many have passed). */
  head(): Buffer {
    return this.headBuffer.subarray(0, this.headLength);
  }

  /**
   * Ends the tally: its hash cannot take more bytes after this. Rejects when the hashing thread was
   * lost before it had every byte; the caller then reads the file back for its hashes.
   */
  async finish(): Promise<ContentSummary> {
    const { sha256, crc32 } = await this.hashes.finish();
    return { size: this.bytes, sha256, crc32, head: this.head() };
  }

  /** The tally is given up before its end (a forgotten resumable upload, a failed one). */
  drop(): void {
    this.hashes.drop();
  }
}
