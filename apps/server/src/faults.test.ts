import { execFile } from 'node:child_process';
import { readdir, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { multipartBody } from './testing/multipart-body.ts';
import { restartableServer } from './testing/restartable-server.ts';

/**
 * The server is killed (SIGKILL) during an upload, during derivation and while streaming a ZIP,
 * then started again on the same data: nothing half-done remains, nothing committed is lost, and
 * unfinished jobs resume. SIGTERM lets in-flight requests finish.
 */

const run = promisify(execFile);
const proc = restartableServer('ani-faults-');
const api = (p: string, init: RequestInit = {}) =>
  fetch(`${proc.server.base}${p}`, {
    ...init,
    headers: { authorization: `Bearer ${proc.token}`, ...init.headers },
  });

type Item = { key: string; processed: boolean };
async function album(): Promise<{ photoCount: number; photos: Item[] }> {
  const res = await api(`/api/events/${proc.eventId}/photos?page=1&limit=100`);
  expect(res.status).toBe(200);
  return (await res.json()) as { photoCount: number; photos: Item[] };
}

/** Every stored file must belong to an item (its original or one of its derived images). */
async function expectNoOrphans(items: Item[]) {
  const allowed = new Set(
    items.flatMap((i) => {
      const base = i.key.replace(/\.[a-z0-9]+$/, '');
      return [i.key, `${base}-thumb.webp`, `${base}-preview.webp`];
    }),
  );
  const mediaRoot = path.join(proc.dataDir, 'media');
  const files = (await readdir(mediaRoot, { recursive: true, withFileTypes: true }).catch(() => []))
    .filter((d) => d.isFile())
    .map((d) => path.relative(mediaRoot, path.join(d.parentPath, d.name)));
  expect(files.filter((f) => !allowed.has(f))).toEqual([]);
  const temp = await readdir(path.join(proc.dataDir, 'tmp', 'uploads')).catch(() => []);
  expect(temp).toEqual([]);
}

async function noisyJpeg(width: number, height: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24;
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

describe('crash and restart', () => {
  it('a crash mid-upload leaves no row, no object and no temp file', async () => {
    const jpeg = await noisyJpeg(1600, 1200);
    const body = multipartBody([
      { name: 'uploader', value: 'Ayşe' },
      { name: 'files', filename: 'a.jpg', head: jpeg.subarray(0, 4096), size: 60 * 1024 * 1024 },
    ]);
    let sent = 0;
    const aborted = new Promise<void>((resolve) => {
      const req = httpRequest(`${proc.server.base}/api/events/${proc.eventId}/upload`, {
        method: 'POST',
        headers: body.headers,
      });
      req.on('error', () => resolve());
      req.on('response', () => resolve());
      body.payload.on('data', (chunk: Buffer) => {
        sent += chunk.length;
        // Several megabytes are on the server's disk when it dies.
        if (sent > 8 * 1024 * 1024 && sent - chunk.length <= 8 * 1024 * 1024)
          void proc.server.kill('SIGKILL');
      });
      body.payload.pipe(req);
    });
    await aborted;
    await proc.server.exited;
    await proc.start();
    const { photoCount, photos } = await album();
    expect(photoCount).toBe(0);
    expect(photos).toEqual([]);
    await expectNoOrphans(photos);
  });

  it('a committed upload survives a crash right after it, and derivation resumes after restart', async () => {
    const files = await Promise.all([0, 1, 2, 3].map(() => noisyJpeg(2400, 1800)));
    const body = multipartBody([
      { name: 'uploader', value: 'Mehmet' },
      ...files.map((data, i) => ({ name: 'files', filename: `${i}.jpg`, contentType: 'image/jpeg', data })),
    ]);
    const res = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(`${proc.server.base}/api/events/${proc.eventId}/upload`, {
        method: 'POST',
        headers: body.headers,
      });
      req.on('response', (r) => {
        // Killed the moment the answer arrives: derivation of four 4-megapixel photos is still running.
        void proc.server.kill('SIGKILL');
        resolve(r.statusCode!);
      });
      req.on('error', reject);
      body.payload.pipe(req);
    });
    expect(res).toBe(200);
    await proc.server.exited;
    await proc.start();
    let items: Item[] = [];
    for (let i = 0; i < 300; i++) {
      const page = await album();
      items = page.photos;
      expect(page.photoCount).toBe(4);
      if (items.length === 4 && items.every((p) => p.processed)) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(items.every((p) => p.processed)).toBe(true);
    await expectNoOrphans(items);
  });

  it('a crash while streaming the ZIP harms nothing; after restart the full ZIP downloads', async () => {
    await new Promise<void>((resolve) => {
      const req = httpRequest(`${proc.server.base}/api/events/${proc.eventId}/download`, {
        headers: { authorization: `Bearer ${proc.token}` },
      });
      req.on('response', (r) => {
        let got = 0;
        r.on('data', (c: Buffer) => {
          got += c.length;
          if (got > 64 * 1024 && got - c.length <= 64 * 1024) void proc.server.kill('SIGKILL');
        });
        r.on('error', () => resolve());
        r.on('close', () => resolve());
      });
      req.on('error', () => resolve());
      req.end();
    });
    await proc.server.exited;
    await proc.start();
    const zip = await api(`/api/events/${proc.eventId}/download`);
    expect(zip.status).toBe(200);
    const bytes = Buffer.from(await zip.arrayBuffer());
    expect(bytes.length).toBe(Number(zip.headers.get('content-length')));
    const file = path.join(proc.dataDir, 'album.zip');
    await writeFile(file, bytes);
    const { stdout } = await run('unzip', ['-Z1', file]);
    await rm(file);
    expect(stdout.trim().split('\n').sort()).toHaveLength(5);
    const { photos } = await album();
    expect(photos).toHaveLength(4);
    await expectNoOrphans(photos);
  });

  it('SIGTERM lets an upload in flight finish, refuses new requests and exits cleanly', async () => {
    const jpeg = await noisyJpeg(800, 600);
    const body = multipartBody([
      { name: 'uploader', value: 'Son Misafir' },
      { name: 'files', filename: 'son.jpg', contentType: 'image/jpeg', data: jpeg },
    ]);
    const before = (await album()).photoCount;
    let refused: Promise<number | 'refused'> | undefined;
    const status = new Promise<number>((resolve, reject) => {
      const req = httpRequest(`${proc.server.base}/api/events/${proc.eventId}/upload`, {
        method: 'POST',
        headers: body.headers,
      });
      req.on('response', (r) => {
        r.resume();
        resolve(r.statusCode!);
      });
      req.on('error', reject);
      // Half the body, then the signal, then the rest.
      const all: Buffer[] = [];
      body.payload.on('data', (c: Buffer) => all.push(c));
      body.payload.on('end', () => {
        const whole = Buffer.concat(all);
        req.write(whole.subarray(0, whole.length / 2));
        setTimeout(() => {
          void proc.server.kill('SIGTERM');
          setTimeout(() => {
            // A new request while shutting down is refused; the one in flight still completes.
            refused = fetch(`${proc.server.base}/api/health`).then(
              (r) => r.status,
              () => 'refused' as const,
            );
            req.end(whole.subarray(whole.length / 2));
          }, 300);
        }, 200);
      });
    });
    expect(await status).toBe(200);
    expect(['refused', 503]).toContain(await refused);
    expect(await proc.server.exited).toBe(0);
    await proc.start();
    expect((await album()).photoCount).toBe(before + 1);
  });
});
