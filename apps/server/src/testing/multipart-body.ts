// Test helper: builds multipart/form-data bodies as streams, so a 100 MB request is generated on
// the fly instead of being written to disk or held in memory.
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';

export type BodyPart =
  | { name: string; value: string }
  | { name: string; filename: string; contentType?: string; data: Buffer }
  /** `head` followed by zero bytes up to `size` in total. */
  | { name: string; filename: string; contentType?: string; head: Buffer; size: number };

export function multipartBody(parts: BodyPart[]): {
  headers: Record<string, string>;
  payload: Readable;
  length: number;
} {
  const boundary = `----ani${randomBytes(8).toString('hex')}`;
  let length = 0;
  const pieces: (Buffer | { zeros: number })[] = [];
  const push = (piece: Buffer | { zeros: number }) => {
    length += Buffer.isBuffer(piece) ? piece.length : piece.zeros;
    pieces.push(piece);
  };
  for (const part of parts) {
    if ('value' in part) {
      push(
        Buffer.from(
          `--${boundary}\r\ncontent-disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
        ),
      );
      continue;
    }
    push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
          `content-type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
    );
    if ('data' in part) push(part.data);
    else {
      push(part.head);
      push({ zeros: part.size - part.head.length });
    }
    push(Buffer.from('\r\n'));
  }
  push(Buffer.from(`--${boundary}--\r\n`));
  const chunk = Buffer.alloc(1024 * 1024);
  async function* generate() {
    for (const piece of pieces) {
      if (Buffer.isBuffer(piece)) {
        yield piece;
        continue;
      }
      for (let left = piece.zeros; left > 0; left -= chunk.length)
        yield left >= chunk.length ? chunk : chunk.subarray(0, left);
    }
  }
  return {
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(length),
    },
    payload: Readable.from(generate(), { objectMode: false }),
    length,
  };
}
