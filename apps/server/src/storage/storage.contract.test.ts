import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUrlSigner } from '../http/signed-urls.ts';
import { startS3Server } from '../testing/s3-server.ts';
import { createLocalDiskStorage } from './local-disk-storage.ts';
import { createS3Storage } from './s3-storage.ts';
import { newObjectKey, type Storage } from './storage.ts';

type Fixture = {
  storage: Storage;
  fetchSigned(url: string): Promise<Response>;
  /** s3rver does not check SigV4 signatures (real S3 does), so tampering is only testable locally. */
  checksSignatures: boolean;
  stop(): Promise<void>;
};

const implementations: Record<string, () => Promise<Fixture>> = {
  'local disk': async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'ani-storage-'));
    const signer = createUrlSigner('x'.repeat(40));
    const storage = createLocalDiskStorage({ root, signer });
    return {
      storage,
      // Local signed URLs are served by the app's media route; here we check the signature itself.
      fetchSigned: async (url) => {
        const u = new URL(url, 'http://local');
        const ok = signer.verify(u.pathname, Object.fromEntries(u.searchParams));
        return new Response(ok ? 'signed' : 'forbidden', { status: ok ? 200 : 403 });
      },
      checksSignatures: true,
      stop: () => rm(root, { recursive: true, force: true }),
    };
  },
  's3 (s3rver)': async () => {
    const s3 = await startS3Server();
    const storage = s3.storage();
    return { storage, fetchSigned: (url) => fetch(url), checksSignatures: false, stop: s3.stop };
  },
};

describe.each(Object.keys(implementations))('Storage contract: %s', (name) => {
  let f: Fixture;
  beforeAll(async () => {
    f = await implementations[name]!();
  });
  afterAll(() => f.stop());

  it('stores a stream and reads it back whole and by inclusive byte range', async () => {
    const key = newObjectKey('events/e1/originals', 'txt');
    const put = await f.storage.put(key, Readable.from([Buffer.from('Anı '), Buffer.from('Kutusu')]));
    expect(put.size).toBe(Buffer.byteLength('Anı Kutusu'));
    expect(await text(await f.storage.get(key))).toBe('Anı Kutusu');
    expect(await text(await f.storage.get(key, { start: 5, end: 10 }))).toBe('Kutusu');
    const stat = await f.storage.stat(key);
    expect(stat?.size).toBe(11);
    expect(stat?.mtime).toBeInstanceOf(Date);
  });

  it('streams a multi-part object (20 MiB) without changing a byte', async () => {
    const key = newObjectKey('events/e1/originals', 'bin');
    const chunk = Buffer.alloc(1024 * 1024);
    for (let i = 0; i < chunk.length; i++) chunk[i] = i % 251;
    async function* chunks() {
      for (let i = 0; i < 20; i++) yield chunk;
    }
    expect((await f.storage.put(key, Readable.from(chunks()))).size).toBe(20 * 1024 * 1024);
    const tail = await buffer(
      await f.storage.get(key, { start: 20 * 1024 * 1024 - 10, end: 20 * 1024 * 1024 - 1 }),
    );
    expect([...tail]).toEqual([...chunk.subarray(chunk.length - 10)]);
  });

  it('answers null for a missing object and deletes idempotently', async () => {
    const key = newObjectKey('events/e1/originals', 'jpg');
    expect(await f.storage.stat(key)).toBeNull();
    await f.storage.put(key, Readable.from([Buffer.from('x')]));
    await f.storage.delete(key);
    await f.storage.delete(key);
    expect(await f.storage.stat(key)).toBeNull();
  });

  it('issues signed URLs that work until tampered with', async () => {
    const key = newObjectKey('events/e1/originals', 'txt');
    await f.storage.put(key, Readable.from([Buffer.from('signed')]));
    const url = await f.storage.signedUrl(key, { expiresInSeconds: 60, downloadName: 'Düğün.txt' });
    const ok = await f.fetchSigned(url);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('signed');
    expect(url).toMatch(/[?&](sig|X-Amz-Signature)=/);
    expect(url).toMatch(/[?&](exp=\d+|X-Amz-Expires=60)/);
    if (f.checksSignatures) {
      const tampered = url.replace(/([?&]sig=)([^&]{4})/, '$1AAAA');
      expect(tampered).not.toBe(url);
      expect((await f.fetchSigned(tampered)).status).toBe(403);
    }
  });

  it('refuses keys that are not generated ones', async () => {
    await expect(f.storage.put('../escape', Readable.from([Buffer.from('x')]))).rejects.toThrow(
      'Invalid object key',
    );
  });
});

describe('local disk storage', () => {
  it('moves a finished file into place, into a new event directory and then beside it, and the file is gone from where it was', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'ani-storage-'));
    try {
      const storage = createLocalDiskStorage({ root, signer: createUrlSigner('x'.repeat(40)) });
      for (const [i, content] of ['ilk', 'ikinci'].entries()) {
        const source = path.join(root, `upload-${i}.txt`);
        await writeFile(source, content);
        const key = newObjectKey('events/e-new', 'txt');
        await storage.putFile!(key, source);
        expect(await text(await storage.get(key))).toBe(content);
        await expect(stat(source)).rejects.toMatchObject({ code: 'ENOENT' });
      }
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe('S3 storage when the store is down', () => {
  it('fails the put and releases its source (the upload temp file) instead of holding it open', async () => {
    const storage = createS3Storage({
      bucket: 'album',
      region: 'us-east-1',
      // Nothing listens on port 9 (discard) on loopback: every request is refused at once.
      endpoint: 'http://127.0.0.1:9',
      forcePathStyle: true,
      accessKeyId: 'x',
      secretAccessKey: 'y',
    });
    const source = new Readable({
      read() {
        this.push(Buffer.alloc(64 * 1024));
      },
    });
    await expect(storage.put(newObjectKey('events/e'), source)).rejects.toThrow();
    expect(source.destroyed).toBe(true);
  });
});
