import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
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

  it('tells how many bytes are staged from the file alone, and none for an unknown or malformed id', async () => {
    const data = randomBytes(1000);
    const id = await created(data.length);
    expect(await store.stagedBytes(id)).toBe(0);
    await store.write(pieces(data, 256), id, 0);
    expect(await store.stagedBytes(id)).toBe(data.length);
    expect(await store.stagedBytes('nothing-here')).toBeNull();
    expect(await store.stagedBytes('../abc123')).toBeNull();
    await store.drop(id);
    expect(await store.stagedBytes(id)).toBeNull();
    expect(await readdir(dir)).toEqual([]);
  });

  it('drops an upload whole: its count, its bytes and its metadata; dropping it again is no error', async () => {
    const data = randomBytes(100_000);
    const id = await created(data.length);
    await store.write(pieces(data, 16 * 1024), id, 0);
    await store.drop(id);
    expect(store.content(id, data.length)).toBeNull();
    await expect(readFile(path.join(dir, id))).rejects.toThrow();
    await expect(readFile(path.join(dir, `${id}.json`))).rejects.toThrow();
    await store.drop(id);
  });

  describe('counts the bytes as it writes them, so the commit need not read them again', () => {
    const summaryOf = (data: Buffer) => ({
      size: data.length,
      sha256: createHash('sha256').update(data).digest('hex'),
      crc32: crc32(data),
      head: data.subarray(0, 4100),
    });

    it('answers a whole file’s size, SHA-256, CRC-32 and first bytes, written in several PATCHes', async () => {
      const data = randomBytes(3 * 1024 * 1024 + 17);
      const id = await created(data.length);
      const cuts = [0, 1000, 1024 * 1024 + 5, 2 * 1024 * 1024, data.length];
      for (let i = 0; i + 1 < cuts.length; i++)
        await store.write(pieces(data.subarray(cuts[i], cuts[i + 1]), 16 * 1024), id, cuts[i]!);
      expect(store.content(id, data.length)).toEqual(summaryOf(data));
      // Once: a second commit of the same upload reads the file.
      expect(store.content(id, data.length)).toBeNull();
    });

    it('answers nothing for a file resumed in another process (a restart): its first bytes were not counted', async () => {
      const data = randomBytes(2 * 1024 * 1024);
      const id = await created(data.length);
      const half = 1024 * 1024 + 3;
      await store.write(pieces(data.subarray(0, half), 64 * 1024), id, 0);
      const restarted = new StagingStore({ directory: dir });
      expect(await restarted.write(pieces(data.subarray(half), 64 * 1024), id, half)).toBe(data.length);
      expect(restarted.content(id, data.length)).toBeNull();
      expect((await readFile(path.join(dir, id))).equals(data)).toBe(true);
    });

    it('answers nothing once a body failed, nor for a PATCH at an offset the count has not reached', async () => {
      const data = randomBytes(2 * 1024 * 1024);
      const id = await created(data.length);
      await store.write(pieces(data.subarray(0, 100_000), 64 * 1024), id, 0);
      await expect(store.write(pieces(data.subarray(100_000), 64 * 1024, 3), id, 100_000)).rejects.toBe(
        ERRORS.FILE_WRITE_ERROR,
      );
      const { offset } = await store.getUpload(id);
      await store.write(pieces(data.subarray(offset), 64 * 1024), id, offset);
      expect(store.content(id, data.length)).toBeNull();

      const other = randomBytes(100_000);
      const second = new Upload({ id: 'def456', size: other.length, offset: 0 });
      await store.create(second);
      await store.write(pieces(other.subarray(0, 40_000), 16 * 1024), second.id, 0);
      // Bytes 40000–49999 came from elsewhere (another instance): the count is forgotten for good.
      await store.write(pieces(other.subarray(50_000), 16 * 1024), second.id, 50_000);
      expect(store.content(second.id, other.length)).toBeNull();
    });

    describe('forgets the count of an upload not written to for an hour once another upload starts', () => {
      const hour = 60 * 60 * 1000;
      let now: number;
      beforeEach(() => {
        now = 0;
        store = new StagingStore({ directory: dir, now: () => now });
      });

      /** An upload of `data` whose first half is written. */
      async function halfWritten(id: string, data: Buffer): Promise<void> {
        await store.create(new Upload({ id, size: data.length, offset: 0 }));
        await store.write(pieces(data.subarray(0, data.length / 2), 16 * 1024), id, 0);
      }

      async function pausedThenFinished(pause: number, data: Buffer): Promise<void> {
        await halfWritten('paused', data);
        now += pause;
        await halfWritten('another', randomBytes(1000));
        await store.write(pieces(data.subarray(data.length / 2), 16 * 1024), 'paused', data.length / 2);
      }

      it('drops it after more than an hour: its commit reads the file', async () => {
        const data = randomBytes(200_000);
        await pausedThenFinished(hour + 1, data);
        expect(store.content('paused', data.length)).toBeNull();
        expect((await readFile(path.join(dir, 'paused'))).equals(data)).toBe(true);
      });

      it('keeps it for an hour: its count goes on', async () => {
        const data = randomBytes(200_000);
        await pausedThenFinished(hour, data);
        expect(store.content('paused', data.length)).toEqual(summaryOf(data));
      });
    });

    it('starts counting again when a file is sent again from its first byte', async () => {
      const data = randomBytes(500_000);
      const id = await created(data.length);
      await store.write(pieces(randomBytes(200_000), 64 * 1024), id, 0);
      await store.write(pieces(data, 64 * 1024), id, 0);
      expect(store.content(id, data.length)).toEqual(summaryOf(data));
    });
  });
});
