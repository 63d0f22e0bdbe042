import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ERRORS, Upload } from '@tus/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StagingStore } from './staging-store.ts';

/** Socket-sized pieces of `data`, optionally failing after `failAfter` of them (a cut connection). */
function pieces(data: Buffer, size: number, failAfter?: number): Readable {
  let sent = 0;
  let index = 0;
  return new Readable({
    read() {
      if (failAfter !== undefined && index === failAfter) return this.destroy(new Error('aborted'));
      if (sent >= data.length) return this.push(null);
      this.push(data.subarray(sent, sent + size));
      sent += size;
      index++;
    },
  });
}

describe('the tus staging store', () => {
  let dir: string;
  let store: StagingStore;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'ani-staging-'));
    store = new StagingStore({ directory: dir });
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  async function created(size: number): Promise<string> {
    const upload = new Upload({ id: 'abc123', size, offset: 0 });
    await store.create(upload);
    return upload.id;
  }

  it('writes PATCH bodies of many pieces byte for byte, each at its offset, and answers the new offset', async () => {
    const data = randomBytes(3 * 1024 * 1024 + 17);
    const id = await created(data.length);
    const half = 1024 * 1024 + 5;
    expect(await store.write(pieces(data.subarray(0, half), 64 * 1024), id, 0)).toBe(half);
    expect(await store.write(pieces(data.subarray(half), 16 * 1024), id, half)).toBe(data.length);
    expect((await readFile(path.join(dir, id))).equals(data)).toBe(true);
    expect((await store.getUpload(id)).offset).toBe(data.length);
  });

  it('fails a body cut short with tus’s write error, and the offset is what reached the disk', async () => {
    const data = randomBytes(2 * 1024 * 1024);
    const id = await created(data.length);
    await expect(store.write(pieces(data, 64 * 1024, 20), id, 0)).rejects.toBe(ERRORS.FILE_WRITE_ERROR);
    const { offset } = await store.getUpload(id);
    expect(offset).toBeLessThanOrEqual(20 * 64 * 1024);
    expect((await readFile(path.join(dir, id))).equals(data.subarray(0, offset))).toBe(true);
  });

  it('refuses an id that is not a plain name in its directory, and writes nothing', async () => {
    await expect(store.write(pieces(randomBytes(10), 10), '../outside', 0)).rejects.toBe(
      ERRORS.FILE_NOT_FOUND,
    );
    await expect(readFile(path.join(dir, '..', 'outside'))).rejects.toThrow();
  });
});
