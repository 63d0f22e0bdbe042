import { WriteStream } from 'node:fs';

/**
 * How many bytes an upload's file writes gather: the socket's 16–64 KiB pieces that arrive while a
 * write is in flight go out together in one writev of up to this much (decision 0120), so there are
 * few write calls and no copy into a bigger buffer. Reads of such a file use the same size.
 */
export const writeBatchBytes = 1024 * 1024;

/** One piece handed to a stream's `_writev`. */
export type Chunk = { chunk: Buffer; encoding: BufferEncoding };

/** fs.WriteStream as Node constructs it (its typings only declare the stream options). */
const FileWriteStream = WriteStream as unknown as new (
  filePath: string,
  options: { flags: string; start?: number; highWaterMark: number },
) => WriteStream;

/**
 * A file write stream whose writes gather up to `writeBatchBytes`: the base of the upload paths'
 * files, which count (and check) the bytes in their own `_write`/`_writev` on the way to disk.
 */
export class BatchedFileStream extends FileWriteStream {
  constructor(filePath: string, options: { flags: string; start?: number }) {
    super(filePath, { ...options, highWaterMark: writeBatchBytes });
  }
}
