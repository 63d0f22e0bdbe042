import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createUrlSigner } from '../../http/signed-urls.ts';
import { createLocalDiskStorage } from '../../storage/local-disk-storage.ts';
import type { Storage } from '../../storage/storage.ts';
import { createDeriveHandler } from './derive-job.ts';
import type { HeicDecoder } from './heic-decoder.ts';
import type { MediaRepository, MediaRow } from './media.repository.ts';

const key = 'events/e1/original.jpg';

describe('the derive job', () => {
  let dir: string;
  let original: Buffer;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'ani-derive-job-'));
    original = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#884422' } })
      .jpeg()
      .toBuffer();
    await mkdir(path.join(dir, 'media', 'events', 'e1'), { recursive: true });
    await writeFile(path.join(dir, 'media', key), original);
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  async function derive(storage: Storage, signal = new AbortController().signal) {
    const derived: unknown[] = [];
    const repository = {
      findById: async () => ({ id: 'm1', objectKey: key, type: 'image', width: 0, height: 0 }) as MediaRow,
      setDerived: async (_id: string, values: unknown) => {
        derived.push(values);
        return true;
      },
    } as unknown as MediaRepository;
    const handle = createDeriveHandler({
      repository,
      storage,
      heic: {} as HeicDecoder,
      tempRoot: path.join(dir, 'tmp'),
      logger: { warn: () => {} },
    });
    await handle({ mediaId: 'm1' }, { jobId: 'j1', attempt: 1, maxAttempts: 3, signal });
    return derived;
  }

  const local = () =>
    createLocalDiskStorage({
      root: path.join(dir, 'media'),
      signer: createUrlSigner(randomBytes(32).toString('hex')),
    });

  it('reads a local original where it lies, without a copy, and leaves it as it was', async () => {
    const storage = local();
    // Any read through the stream API would be a copy of the original.
    const derived = await derive({
      ...storage,
      get: () => Promise.reject(new Error('the original was copied')),
    });
    expect(derived).toEqual([expect.objectContaining({ state: 'done', width: 640, height: 480 })]);
    expect((await readFile(path.join(dir, 'media', key))).equals(original)).toBe(true);
    expect(await readdir(path.join(dir, 'tmp'))).toEqual([]);
  });

  it('gives each attempt its own work directory, so one finishing never removes files another still reads', async () => {
    const { localPath: _none, ...remote } = local();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let firstDir = '';
    // The first attempt stalls while reading its copy of the original; a second attempt runs meanwhile.
    let calls = 0;
    const stalling: Storage = {
      ...remote,
      get: async (objectKey) => {
        calls += 1;
        if (calls === 1) {
          const [only] = await readdir(path.join(dir, 'tmp'));
          firstDir = path.join(dir, 'tmp', only!);
          await held;
        }
        return remote.get(objectKey);
      },
    };
    const first = derive(stalling);
    await vi.waitFor(() => expect(firstDir).not.toBe(''));
    await derive(stalling);
    expect(await readdir(firstDir)).toEqual([]);
    release();
    expect(await first).toEqual([expect.objectContaining({ state: 'done', width: 640, height: 480 })]);
    expect(await readdir(path.join(dir, 'tmp'))).toEqual([]);
  });

  it('copies the original from a store without local files (S3) and removes the copy', async () => {
    const { localPath: _none, ...remote } = local();
    const derived = await derive(remote);
    expect(derived).toEqual([expect.objectContaining({ state: 'done', width: 640, height: 480 })]);
    expect(await readdir(path.join(dir, 'tmp'))).toEqual([]);
  });

  it('stops copying a stalled original when its job is told to stop, writing nothing and leaving no files', async () => {
    const { localPath: _none, ...remote } = local();
    let reading = false;
    // A store that sends nothing and never ends, as a stalled S3 read can.
    const stalled: Storage = {
      ...remote,
      get: async () => {
        reading = true;
        return new Readable({ read() {} });
      },
    };
    const stop = new AbortController();
    const attempt = derive(stalled, stop.signal);
    await vi.waitFor(() => expect(reading).toBe(true));
    stop.abort();
    await expect(attempt).rejects.toThrow();
    expect(await readdir(path.join(dir, 'tmp'))).toEqual([]);
    expect(await readdir(path.join(dir, 'media', 'events', 'e1'))).toEqual(['original.jpg']);
  });
});
