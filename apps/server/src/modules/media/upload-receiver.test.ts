import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@ani/contract/messages';
import { AppError, ErrorCode } from '../../http/errors.ts';
import { paddedPhoto } from '../../testing/tus-guests.ts';
import { ContentTally } from './content-tally.ts';
import { receivedFile } from './upload-receiver.ts';

describe('a file that arrived whole with nothing counting its bytes', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'ani-received-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('is read for what its writes would have counted, whether shorter or longer than the type’s head', async () => {
    for (const size of [1000, 3 * 1024 * 1024 + 17]) {
      const data = await paddedPhoto(size);
      const file = path.join(dir, String(size));
      await writeFile(file, data);
      const tally = new ContentTally();
      tally.add(data);
      const read = await receivedFile(file, 'düğün.jpg');
      expect(read).toEqual(await receivedFile(file, 'düğün.jpg', tally.finish()));
      expect(read).toMatchObject({ size, media: { type: 'image', ext: 'jpg' } });
    }
  });

  it('is refused for its type from its first bytes, without reading the rest', async () => {
    const file = path.join(dir, 'belge.pdf');
    await writeFile(file, '%PDF-1.7\n%âãÏÓ\n1 0 obj\n<< /Type /Catalog >>\nendobj\n');
    await truncate(file, 8 * 1024 * 1024);
    const counted = vi.spyOn(ContentTally.prototype, 'add');
    try {
      const refusal = await receivedFile(file, 'belge.pdf').catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(AppError);
      expect(refusal).toMatchObject({
        code: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
        message: messages.upload.onlyImagesAndVideos,
      });
      // Not a byte past the head was read into the count.
      expect(counted).not.toHaveBeenCalled();
    } finally {
      counted.mockRestore();
    }
  });

  it('is counted whole once its first bytes pass', async () => {
    const data = await paddedPhoto(8 * 1024 * 1024);
    const file = path.join(dir, 'foto.jpg');
    await writeFile(file, data);
    const counted = vi.spyOn(ContentTally.prototype, 'add');
    try {
      await receivedFile(file, 'foto.jpg');
      expect(counted.mock.calls.reduce((sum, [chunk]) => sum + chunk.length, 0)).toBe(data.length);
    } finally {
      counted.mockRestore();
    }
  });
});
