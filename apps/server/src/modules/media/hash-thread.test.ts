import { createHash, randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHashThread, type HashThread } from './hash-thread.ts';

const expected = (data: Buffer) => ({
  sha256: createHash('sha256').update(data).digest('hex'),
  crc32: crc32(data),
});

/** `data` in pieces of `size` bytes, as a socket hands them over. */
const pieces = (data: Buffer, size: number) =>
  Array.from({ length: Math.ceil(data.length / size) }, (_, i) => data.subarray(i * size, (i + 1) * size));

describe('the hashing thread', () => {
  let thread: HashThread;
  afterEach(() => thread.stop());

  it('hashes each file’s bytes in order, files interleaved, whatever the pieces and batches', async () => {
    thread = createHashThread({ batchBytes: 100 * 1024 });
    const a = randomBytes(3 * 1024 * 1024 + 17);
    const b = randomBytes(700 * 1024 + 3);
    const fileA = thread.file();
    const fileB = thread.file();
    const piecesA = pieces(a, 64 * 1024);
    const piecesB = pieces(b, 16 * 1024 + 1);
    for (let i = 0; i < Math.max(piecesA.length, piecesB.length); i++) {
      if (piecesA[i]) fileA.add(piecesA[i]!);
      if (piecesB[i]) fileB.add(piecesB[i]!);
      // A request ends between writes: what it gathered goes to the thread.
      if (i % 7 === 6) fileA.flush();
    }
    expect(await fileA.finish()).toEqual(expected(a));
    expect(await fileB.finish()).toEqual(expected(b));
    // An empty file too.
    expect(await thread.file().finish()).toEqual(expected(Buffer.alloc(0)));
  });

  it('makes writers wait while more bytes than its bound wait to be hashed, and lets them go once hashed', async () => {
    thread = createHashThread({ maxQueuedBytes: 1024, batchBytes: 1 });
    const file = thread.file();
    // Under the bound: no wait.
    let resumed = false;
    void thread.room().then(() => (resumed = true));
    await Promise.resolve();
    expect(resumed).toBe(true);

    file.add(randomBytes(64 * 1024));
    resumed = false;
    const room = thread.room().then(() => (resumed = true));
    // The thread's answer is a message, which no microtask can bring.
    await Promise.resolve();
    await Promise.resolve();
    expect(resumed).toBe(false);
    await room;
    expect(resumed).toBe(true);
    await file.finish();
  });

  it('fails the files it was hashing when it is lost, and the next file gets a new thread', async () => {
    thread = createHashThread();
    const file = thread.file();
    file.add(randomBytes(1024));
    await thread.stop();
    await expect(file.finish()).rejects.toThrow();
    const data = randomBytes(200 * 1024);
    const next = thread.file();
    next.add(data);
    expect(await next.finish()).toEqual(expected(data));
  });

  it('ends once no file has been open for its idle time, and starts again for the next one', async () => {
    thread = createHashThread({ idleMs: 10 });
    const file = thread.file();
    expect(thread.running).toBe(true);
    file.add(Buffer.from('düğün'));
    await file.finish();
    await vi.waitFor(() => expect(thread.running).toBe(false));
    // A file dropped without an end lets it go idle too.
    thread.file().drop();
    await vi.waitFor(() => expect(thread.running).toBe(false));
    const again = thread.file();
    again.add(Buffer.from('nikah'));
    expect(await again.finish()).toEqual(expected(Buffer.from('nikah')));
  });
});
