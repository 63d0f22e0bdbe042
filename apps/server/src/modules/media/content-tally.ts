import { createHash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { crc32 } from 'node:zlib';
import { writeBatchBytes } from '../../storage/batched-file-stream.ts';
import { detectionHeadBytes } from './detect-media-type.ts';

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
 * its bytes pass on their way to disk, so nothing reads the file again for them. Each chunk is
 * hashed where it is, with no copy; only the head is kept, copied, so a long-lived tally (a
 * resumable upload between its requests) holds a few kB, not the socket's buffers.
 */
export class ContentTally {
  private readonly hash = createHash('sha256');
  private crc = 0;
  private bytes = 0;
  private readonly headBuffer = Buffer.alloc(detectionHeadBytes);
  private headLength = 0;

  get size(): number {
    return this.bytes;
  }

  add(chunk: Uint8Array): void {
    this.bytes += chunk.length;
    this.hash.update(chunk);
    this.crc = crc32(chunk, this.crc);
    if (this.headLength < detectionHeadBytes) {
      this.headLength += Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).copy(
        this.headBuffer,
        this.headLength,
      );
    }
  }

  /** The first bytes seen so far (all of `detectionHeadBytes` once that many have passed). */
  head(): Buffer {
    return this.headBuffer.subarray(0, this.headLength);
  }

  /** Ends the tally: its hash cannot take more bytes after this. */
  finish(): ContentSummary {
    return { size: this.bytes, sha256: this.hash.digest('hex'), crc32: this.crc, head: this.head() };
  }
}

/**
 * Adds an open file's bytes from `start` to its end to `tally`, read once in write-sized batches: for a
 * file whose bytes were not counted as they arrived, or changed after (a photo's location removed).
 */
export async function tallyFile(file: FileHandle, tally: ContentTally, start = 0): Promise<ContentTally> {
  for await (const chunk of file.createReadStream({
    start,
    highWaterMark: writeBatchBytes,
    autoClose: false,
  }))
    tally.add(chunk as Buffer);
  return tally;
}
