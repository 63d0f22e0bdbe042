import { createWriteStream } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';
import { ERRORS } from '@tus/server';

/** As the multipart receiver's temp files (media/upload-receiver.ts): writes gather up to 1 MiB. */
const writeBatchBytes = 1024 * 1024;

/**
 * @tus/file-store, with one change to how a PATCH body reaches the disk. The library's own write
 * passes each socket piece (16–64 KiB) through a counting Transform to a write stream of Node's
 * default 16 KiB, so every piece is its own write call and waits for it. Here the pieces that
 * arrive while a write is in flight go out together in one writev of up to 1 MiB, and the count is
 * the stream's own (decision 0120). Everything else — the offset is the staged file's size, the
 * metadata files, expiry — is the library's: a PATCH cut short still ends its stream gracefully
 * (@tus/server ends it on abort), so what arrived is written before the offset is read.
 */
export class StagingStore extends FileStore {
  private readonly root: string;

  constructor(options: ConstructorParameters<typeof FileStore>[0]) {
    super(options);
    this.root = path.resolve(options.directory);
  }

  override async write(readable: IncomingMessage | Readable, uploadId: string, offset: number) {
    const file = path.join(this.root, uploadId);
    // Upload ids are flat names in the store's directory; anything else names no upload.
    if (path.dirname(file) !== this.root) throw ERRORS.FILE_NOT_FOUND;
    const sink = createWriteStream(file, { flags: 'r+', start: offset, highWaterMark: writeBatchBytes });
    try {
      await pipeline(readable, sink);
    } catch {
      throw ERRORS.FILE_WRITE_ERROR;
    }
    return offset + sink.bytesWritten;
  }
}
