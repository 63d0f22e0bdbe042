import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '@ani/contract/messages';
import { media } from '../../db/schema/index.ts';
import { createLogger } from '../../http/logger.ts';
import { createUrlSigner } from '../../http/signed-urls.ts';
import { createTestApp, type TestApp } from '../../testing/create-test-app.ts';
import { bearer, createActivatedUser, tamperSignature, type TestUser } from '../../testing/factories.ts';
import { mediaFixtures, type MediaFixtures } from '../../testing/media-fixtures.ts';
import { multipartBody, type BodyPart } from '../../testing/multipart-body.ts';
import { listeningAt, overSocket } from '../../testing/over-socket.ts';

const exec = promisify(execFile);
const m = messages.media;
let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
let f: MediaFixtures;

beforeAll(async () => {
  [t, f] = await Promise.all([createTestApp(), mediaFixtures()]);
  [owner, stranger] = [await createActivatedUser(t), await createActivatedUser(t)];
});
afterAll(() => t.close());

async function newEvent(title = 'Ayşe & Mehmet Düğünü'): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/events',
    headers: bearer(owner.token),
    payload: { title, eventDate: new Date().toISOString() },
  });
  return res.json().event.id;
}

async function upload(
  eventId: string,
  kinds: (keyof Omit<MediaFixtures, 'dir'>)[],
  uploader = 'Ayşe',
  note?: string,
) {
  const parts: BodyPart[] = [{ name: 'uploader', value: uploader }];
  if (note) parts.push({ name: 'note', value: note });
  for (const k of kinds)
    parts.push({ name: 'files', filename: path.basename(f[k]), data: await readFile(f[k]) });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/upload`,
    ...multipartBody(parts),
  });
  expect(res.statusCode).toBe(200);
  return res.json().uploaded as { id: string; key: string }[];
}

const get = (url: string, token?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...(token ? bearer(token) : {}), ...headers } });

/**
 * Every header but the ones that differ per answer by nature (the clock, the request id) or belong to
 * the connection (which `inject` has none of).
 */
const headersOf = (res: { headers: Record<string, unknown> }) =>
  Object.fromEntries(
    Object.entries(res.headers).filter(
      ([name]) => !['date', 'x-request-id', 'connection', 'keep-alive'].includes(name),
    ),
  );

type Item = {
  id: string;
  key: string;
  url: string;
  originalUrl: string;
  thumbnailUrl: string | null;
  type: string;
  processed: boolean;
  unreadable: boolean;
};

describe('GET /api/events/:id/photos', () => {
  it('is for the owner only: stranger 404, anonymous 401', async () => {
    const eventId = await newEvent();
    await upload(eventId, ['jpeg']);
    expect((await get(`/api/events/${eventId}/photos`, owner.token)).statusCode).toBe(200);
    expect((await get(`/api/events/${eventId}/photos`, stranger.token)).statusCode).toBe(404);
    expect((await get(`/api/events/${eventId}/photos`)).statusCode).toBe(401);
  });

  it('pages newest first with defaults page 1 / limit 4, and the cursor ignores uploads that arrive meanwhile', async () => {
    const eventId = await newEvent();
    for (let i = 1; i <= 6; i++) await upload(eventId, ['jpeg'], `Misafir ${i}`);
    const first = (await get(`/api/events/${eventId}/photos`, owner.token)).json();
    expect(first.photos.map((p: { metadata: { uploader: string } }) => p.metadata.uploader)).toEqual([
      'Misafir 6',
      'Misafir 5',
      'Misafir 4',
      'Misafir 3',
    ]);
    expect(first.photoCount).toBe(6);
    expect(first.pagination).toMatchObject({ page: 1, limit: 4, totalPages: 2 });
    expect(first.nextToken).toEqual(expect.any(String));
    await upload(eventId, ['jpeg'], 'Geç gelen');
    const second = (
      await get(`/api/events/${eventId}/photos?limit=4&nextToken=${first.nextToken}`, owner.token)
    ).json();
    expect(second.photos.map((p: { metadata: { uploader: string } }) => p.metadata.uploader)).toEqual([
      'Misafir 2',
      'Misafir 1',
    ]);
    expect(second.nextToken).toBeNull();
    const byPage = (await get(`/api/events/${eventId}/photos?page=2&limit=3`, owner.token)).json();
    expect(byPage.photos.map((p: { metadata: { uploader: string } }) => p.metadata.uploader)).toEqual([
      'Misafir 4',
      'Misafir 3',
      'Misafir 2',
    ]);
  });

  it('refuses a forged cursor and limits above 100', async () => {
    const eventId = await newEvent();
    const bad = await get(`/api/events/${eventId}/photos?nextToken=bm9wZQ`, owner.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(m.invalidCursor);
    for (const [query, message] of [
      ['limit=101', m.invalidLimit],
      ['limit=0', m.invalidLimit],
      ['limit=abc', m.invalidLimit],
      ['limit=2.5', m.invalidLimit],
      ['page=0', m.invalidPage],
      ['page=x', m.invalidPage],
      ['thumbnail=yes', messages.generic.invalidInput],
    ]) {
      const res = await get(`/api/events/${eventId}/photos?${query}`, owner.token);
      expect([query, res.statusCode, res.json().message]).toEqual([query, 400, message]);
    }
  });

  it('serves the original until derived images exist, then WebP thumbnails without EXIF, rotated', async () => {
    const eventId = await newEvent();
    await upload(eventId, ['jpeg']);
    const before = (await get(`/api/events/${eventId}/photos?thumbnail=true`, owner.token)).json()
      .photos[0] as Item;
    expect(before.processed).toBe(false);
    expect(before.url.split('?')[0]).toBe(`/api/media/${before.key}`);
    expect(before.thumbnailUrl).toBeNull();
    await t.app.jobs.runUntilIdle();
    const after = (await get(`/api/events/${eventId}/photos?thumbnail=true`, owner.token)).json()
      .photos[0] as Item;
    expect(after.processed).toBe(true);
    expect(after.url).toContain('-thumb.webp');
    const thumb = await get(after.url);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    const meta = await sharp(thumb.rawPayload).metadata();
    // The 640x480 original carries EXIF orientation 6: the derived image is upright (portrait).
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 400, 533]);
    expect(meta.exif).toBeUndefined();
    expect(thumb.rawPayload.includes(Buffer.from('AniTestCam'))).toBe(false);
    const preview = (await get(`/api/events/${eventId}/photos?thumbnail=false`, owner.token)).json()
      .photos[0] as Item;
    expect(preview.url).toContain('-preview.webp');
  });

  it('derives viewable images for HEIC and poster frames for videos', async () => {
    const eventId = await newEvent();
    await upload(eventId, ['heic', 'mp4', 'webm']);
    await t.app.jobs.runUntilIdle();
    const photos = (await get(`/api/events/${eventId}/photos?limit=10`, owner.token)).json().photos as Item[];
    expect(photos.every((p) => p.processed && p.thumbnailUrl)).toBe(true);
    const heic = photos.find((p) => p.key.endsWith('.heic'))!;
    const heicThumb = await get(heic.url);
    expect((await sharp(heicThumb.rawPayload).metadata()).format).toBe('webp');
    const video = photos.find((p) => p.key.endsWith('.mp4'))!;
    expect(video.url.split('?')[0]).toBe(`/api/media/${video.key}`);
    const poster = await sharp((await get(video.thumbnailUrl!)).rawPayload).metadata();
    // The 320x240 test video is smaller than a thumbnail: never enlarged.
    expect([poster.format, poster.width, poster.height]).toEqual(['webp', 320, 240]);
  });

  it('gives damaged JPEGs a thumbnail through a lenient decode', async () => {
    const eventId = await newEvent();
    await upload(eventId, ['corruptJpeg', 'truncatedJpeg']);
    await t.app.jobs.runUntilIdle();
    const items = (await get(`/api/events/${eventId}/photos`, owner.token)).json().photos as Item[];
    expect(items).toHaveLength(2);
    for (const item of items) {
      expect(item).toMatchObject({ processed: true, unreadable: false });
      const thumb = await sharp((await get(item.thumbnailUrl!)).rawPayload).metadata();
      expect([thumb.format, Math.min(thumb.width, thumb.height)]).toEqual(['webp', 400]);
    }
  });

  it('marks a photo nothing can decode as unreadable, without retries and without a thumbnail', async () => {
    const eventId = await newEvent();
    await upload(eventId, ['unreadableGif', 'gif']);
    expect(await t.app.jobs.runUntilIdle()).toBe(2);
    const items = (await get(`/api/events/${eventId}/photos`, owner.token)).json().photos as Item[];
    const [readable, unreadable] = [
      items.find((i) => i.key.endsWith('.gif') && i.thumbnailUrl),
      items.find((i) => !i.thumbnailUrl),
    ];
    expect(unreadable).toMatchObject({ processed: true, unreadable: true, thumbnailUrl: null });
    expect(readable).toMatchObject({ processed: true, unreadable: false });
    // Nothing left to retry.
    expect(await t.app.jobs.runUntilIdle()).toBe(0);
  });
});

describe('GET /api/events/:id/photo/:encodedFileName', () => {
  it('gives the owner the item with its original URL; others nothing', async () => {
    const eventId = await newEvent();
    const [uploaded] = await upload(eventId, ['png'], 'Can', 'Harika bir gece');
    const fileName = uploaded!.key.split('/').pop()!;
    const res = await get(`/api/events/${eventId}/photo/${encodeURIComponent(fileName)}`, owner.token);
    expect(res.statusCode).toBe(200);
    const photo = res.json().photo;
    expect(photo).toMatchObject({
      key: uploaded!.key,
      type: 'image',
      metadata: { uploader: 'Can', note: 'Harika bir gece' },
    });
    expect(photo.url.split('?')[0]).toBe(`/api/media/${uploaded!.key}`);
    expect((await get(`/api/events/${eventId}/photo/${fileName}`, stranger.token)).statusCode).toBe(404);
    expect((await get(`/api/events/${eventId}/photo/${fileName}`)).statusCode).toBe(401);
    const missing = await get(`/api/events/${eventId}/photo/yok.jpg`, owner.token);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(m.photoNotFound);
  });
});

describe('signed media URLs', () => {
  async function oneVideoUrl() {
    const eventId = await newEvent();
    const [uploaded] = await upload(eventId, ['mp4']);
    const photo = (
      await get(`/api/events/${eventId}/photo/${uploaded!.key.split('/').pop()}`, owner.token)
    ).json().photo;
    return { url: photo.url as string, key: uploaded!.key, size: (await readFile(f.mp4)).length };
  }

  it('serves bytes with caching, nosniff and a safe disposition; Range gives 206 and 416', async () => {
    const { url, size } = await oneVideoUrl();
    const full = await get(url);
    expect(full.statusCode).toBe(200);
    expect(full.rawPayload.equals(await readFile(f.mp4))).toBe(true);
    expect(full.headers).toMatchObject({
      'content-type': 'video/mp4',
      'content-length': String(size),
      'accept-ranges': 'bytes',
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, max-age=31536000, immutable',
    });
    expect(full.headers['content-disposition']).toMatch(/^inline; filename="[a-z0-9-]+\.mp4"/);
    const part = await get(url, undefined, { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${size}`);
    expect(part.rawPayload.equals((await readFile(f.mp4)).subarray(100, 200))).toBe(true);
    const tail = await get(url, undefined, { range: 'bytes=-10' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.length).toBe(10);
    const beyond = await get(url, undefined, { range: `bytes=${size}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${size}`);
    const cached = await get(url, undefined, { 'if-none-match': String(full.headers.etag) });
    expect(cached.statusCode).toBe(304);
    expect(cached.rawPayload.length).toBe(0);
  });

  it('refuses tampered, re-targeted, unsigned and expired links', async () => {
    const { url, key } = await oneVideoUrl();
    const tampered = tamperSignature(url);
    expect((await get(tampered)).statusCode).toBe(403);
    const longer = url.replace(/exp=(\d+)/, (_s, exp: string) => `exp=${Number(exp) + 3600}`);
    expect((await get(longer)).statusCode).toBe(403);
    const otherKey = url.replace('.mp4?', '-thumb.webp?');
    expect((await get(otherKey)).statusCode).toBe(403);
    expect((await get(`/api/media/${key}`)).statusCode).toBe(403);
    const past = createUrlSigner(t.config.secretKey, () => Date.now() - 2 * 3600_000);
    const expired = await get(past.sign(`/api/media/${key}`, {}, 60));
    expect(expired.statusCode).toBe(403);
    expect(expired.json().message).toBe(m.linkInvalid);
    expect((await get('/api/media/../../etc/passwd?exp=1&sig=x')).statusCode).not.toBe(200);
  });

  it('sends a browser tab that opens a refused link to the site, which says why; downloads and code keep the JSON', async () => {
    const { url, key, size } = await oneVideoUrl();
    const tab = { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' };
    // A working link opened in a tab is the file itself.
    const opened = await get(url, undefined, tab);
    expect(opened.statusCode).toBe(200);
    expect(opened.rawPayload.length).toBe(size);

    const past = createUrlSigner(t.config.secretKey, () => Date.now() - 2 * 3600_000);
    const expired = past.sign(`/api/media/${key}`, {}, 60);
    const landed = await get(expired, undefined, tab);
    expect(landed.statusCode).toBe(303);
    expect(landed.headers.location).toBe('/?hesap=file-link-invalid');
    // Cut short by a mail program: no signature at all.
    const cut = await get(`/api/media/${key}?exp=${Math.floor(Date.now() / 1000) + 60}`, undefined, tab);
    expect(cut.headers.location).toBe('/?hesap=file-link-invalid');
    // Signed, but its file is gone.
    const goneKey = key.replace(/[0-9a-f](?=[^/]*$)/, (c) => (c === '0' ? '1' : '0'));
    const gone = await get(
      createUrlSigner(t.config.secretKey).sign(`/api/media/${goneKey}`, {}, 60),
      undefined,
      tab,
    );
    expect(gone.statusCode).toBe(303);
    expect(gone.headers.location).toBe('/?hesap=file-gone');

    // A download started from a page, and a call from code, get the refusal itself.
    const download = await get(expired, undefined, {
      'sec-fetch-mode': 'navigate',
      'sec-fetch-dest': 'empty',
    });
    expect(download.statusCode).toBe(403);
    expect(download.json().message).toBe(m.linkInvalid);
    expect((await get(expired)).statusCode).toBe(403);
  });
});

describe('signed media URLs: validators and the reverse-proxy hand-off', () => {
  it('answers If-Range naming this file with 206, and any other validator with the whole file', async () => {
    const eventId = await newEvent();
    const [uploaded] = await upload(eventId, ['mp4']);
    const photo = (
      await get(`/api/events/${eventId}/photo/${uploaded!.key.split('/').pop()}`, owner.token)
    ).json().photo;
    const bytes = await readFile(f.mp4);
    const full = await get(photo.url);
    const etag = String(full.headers.etag);
    expect(full.headers['last-modified']).toBeTruthy();
    const fresh = await get(photo.url, undefined, { range: 'bytes=10-19', 'if-range': etag });
    expect(fresh.statusCode).toBe(206);
    expect(fresh.rawPayload.equals(bytes.subarray(10, 20))).toBe(true);
    const stale = await get(photo.url, undefined, { range: 'bytes=10-19', 'if-range': '"other"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.equals(bytes)).toBe(true);
    expect((await get(photo.url, undefined, { 'if-none-match': '"other"' })).statusCode).toBe(200);
  });

  it('with MEDIA_ACCEL_REDIRECT hands a valid link to nginx and never a refused one', async () => {
    const lines: Record<string, unknown>[] = [];
    const proxied = await createTestApp({
      env: { MEDIA_ACCEL_REDIRECT: '/_media/' },
      logger: createLogger('info', { write: (line: string) => void lines.push(JSON.parse(line)) }),
    });
    // Through a socket, as nginx asks: the hand-off is given before Fastify routes the request.
    const viaSocket = overSocket(proxied.app);
    try {
      const host = await createActivatedUser(proxied);
      const created = await proxied.app.inject({
        method: 'POST',
        url: '/api/events',
        headers: bearer(host.token),
        payload: { title: 'Vekil', eventDate: new Date().toISOString() },
      });
      const eventId = created.json().event.id as string;
      const body = multipartBody([
        { name: 'uploader', value: 'Ayşe' },
        { name: 'files', filename: 'a.jpg', data: await readFile(f.jpeg) },
      ]);
      const [item] = (
        await proxied.app.inject({ method: 'POST', url: `/api/events/${eventId}/upload`, ...body })
      ).json().uploaded as { key: string }[];
      const photo = (
        await proxied.app.inject({
          method: 'GET',
          url: `/api/events/${eventId}/photo/${item!.key.split('/').pop()}`,
          headers: bearer(host.token),
        })
      ).json().photo;
      const fastify = vi.spyOn(proxied.app.log, 'child');
      const res = await viaSocket(photo.url);
      expect(fastify).not.toHaveBeenCalled();
      fastify.mockRestore();
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-accel-redirect']).toBe(`/_media/${item!.key}`);
      expect(res.rawPayload.length).toBe(0);
      expect(res.headers).toMatchObject({
        'content-type': 'image/jpeg',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
        'content-length': '0',
        // The app's own security headers too: the documented nginx location passes them on.
        'strict-transport-security': expect.stringContaining('max-age='),
        'x-frame-options': 'SAMEORIGIN',
        'cross-origin-resource-policy': 'same-origin',
      });
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      // The route's own hand-off (what `inject` gets) is the same answer.
      const routed = await proxied.app.inject({ method: 'GET', url: photo.url });
      expect(headersOf(res)).toEqual(headersOf(routed));
      // Logged as Fastify logs the requests it routes, under the id the answer carries.
      const linesOf = (id: unknown) => lines.filter((line) => line.reqId === id);
      await vi.waitFor(() => expect(linesOf(res.headers['x-request-id'])).toHaveLength(2));
      expect(linesOf(res.headers['x-request-id'])).toEqual([
        expect.objectContaining({
          level: 30,
          msg: 'incoming request',
          req: { method: 'GET', url: photo.url.split('?')[0] },
        }),
        expect.objectContaining({
          level: 30,
          msg: 'request completed',
          res: { statusCode: 200 },
          responseTime: expect.any(Number),
        }),
      ]);
      const keysOf = (id: unknown) => linesOf(id).map((line) => Object.keys(line).sort());
      expect(keysOf(res.headers['x-request-id'])).toEqual(keysOf(routed.headers['x-request-id']));
      const revalidated = await viaSocket(photo.url, {
        headers: { 'if-none-match': String(res.headers.etag) },
      });
      expect(revalidated.statusCode).toBe(304);
      expect(revalidated.headers['x-accel-redirect']).toBeUndefined();
      const tampered = await viaSocket(tamperSignature(photo.url));
      expect(tampered.statusCode).toBe(403);
      expect(tampered.headers['x-accel-redirect']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });
});

describe('signed media URLs: small files answered from memory', () => {
  async function thumbnailOf(app: TestApp, host: TestUser) {
    const created = await app.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: bearer(host.token),
      payload: { title: 'Sıcak', eventDate: new Date().toISOString() },
    });
    const eventId = created.json().event.id as string;
    const body = multipartBody([
      { name: 'uploader', value: 'Ayşe' },
      { name: 'files', filename: 'a.jpg', data: await readFile(f.jpeg) },
    ]);
    const [item] = (
      await app.app.inject({ method: 'POST', url: `/api/events/${eventId}/upload`, ...body })
    ).json().uploaded as { id: string; key: string }[];
    await app.app.jobs.runUntilIdle();
    const photo = (
      await app.app.inject({
        method: 'GET',
        url: `/api/events/${eventId}/photo/${item!.key.split('/').pop()}`,
        headers: bearer(host.token),
      })
    ).json().photo as { id: string; thumbnailUrl: string };
    const key = decodeURIComponent(
      new URL(photo.thumbnailUrl, 'http://x').pathname.replace('/api/media/', ''),
    );
    return { eventId, photo, file: app.storage.localPath!(key) };
  }

  /**
   * Through a socket, as a browser asks: the answers from memory are given before Fastify routes the
   * request (http/fast-answers.ts), which `inject` never reaches.
   */
  const fetchMedia = (url: string, headers: Record<string, string> = {}, app: TestApp = t) =>
    overSocket(app.app)(url, { headers });

  /** The first answer comes from disk and puts the file in memory in the background. */
  async function warm(app: TestApp, url: string) {
    const first = await fetchMedia(url, {}, app);
    expect(first.statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 100));
    return first;
  }

  it('answers the same bytes and headers from memory, Range included, and a deleted photo never again', async () => {
    const { eventId, photo, file } = await thumbnailOf(t, owner);
    const first = await warm(t, photo.thumbnailUrl);
    // Gone from the disk behind the app's back: only memory can still answer it.
    const bytes = await readFile(file);
    await rm(file);
    const again = await fetchMedia(photo.thumbnailUrl);
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.equals(bytes)).toBe(true);
    for (const name of [
      'content-type',
      'content-length',
      'etag',
      'cache-control',
      'last-modified',
      'content-security-policy',
      'x-content-type-options',
    ])
      expect(again.headers[name], name).toBe(first.headers[name]);
    const part = await fetchMedia(photo.thumbnailUrl, { range: 'bytes=10-19' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${bytes.length}`);
    expect(part.rawPayload.equals(bytes.subarray(10, 20))).toBe(true);
    const past = await fetchMedia(photo.thumbnailUrl, { range: `bytes=${bytes.length}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${bytes.length}`);

    // The owner deletes it: once its files are removed, the same signed link answers 404, not the bytes in memory.
    await writeFile(file, bytes);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/events/${eventId}/photo`,
      headers: bearer(owner.token),
      payload: { photoIds: [photo.id] },
    });
    expect(deleted.statusCode).toBe(200);
    // Stored objects are removed by a job queued in the delete's own transaction.
    await t.app.jobs.runUntilIdle();
    const after = await fetchMedia(photo.thumbnailUrl);
    expect(after.statusCode).toBe(404);
    expect(after.json()).toMatchObject({ message: m.fileGone });
    // The refusal is not cached as the file was (for a year), nor named or typed as it.
    expect(after.headers['cache-control']).toBe('no-store');
    expect(after.headers.etag).toBeUndefined();
    expect(after.headers['content-disposition']).toBeUndefined();
    expect(after.headers['content-type']).toMatch(/^application\/json/);
  });

  /** The app's security headers, as an ordinary API answer carries them. */
  async function appSecurityHeaders(app: TestApp) {
    const page = await app.app.inject({ method: 'GET', url: '/api/health' });
    const names = Object.keys(page.headers).filter((name) =>
      /^(content-security-policy|cross-origin-|origin-agent|referrer|strict-transport|x-(content-type|dns|download|frame|permitted|xss))/.test(
        name,
      ),
    );
    expect(names.length).toBeGreaterThan(10);
    return Object.fromEntries(names.map((name) => [name, page.headers[name]]));
  }

  it('answers from memory with exactly the headers of the answer from disk, every security header included', async () => {
    const { photo } = await thumbnailOf(t, owner);
    const fromDisk = await warm(t, photo.thumbnailUrl);
    const fastify = vi.spyOn(t.app.log, 'child');
    const fromMemory = await fetchMedia(photo.thumbnailUrl);
    // Answered before Fastify routed it: Fastify makes every request it routes a child logger.
    expect(fastify).not.toHaveBeenCalled();
    fastify.mockRestore();
    expect(fromMemory.statusCode).toBe(200);
    expect(headersOf(fromMemory)).toEqual(headersOf(fromDisk));
    // The same answer as the route's own (what `inject`, and a request left to Fastify, gets).
    const fromRoute = await get(photo.thumbnailUrl);
    expect(headersOf(fromMemory)).toEqual(headersOf(fromRoute));
    expect(fromMemory.rawPayload.equals(fromRoute.rawPayload)).toBe(true);
    expect(fromMemory.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(fromMemory.headers['x-request-id']).not.toBe(fromDisk.headers['x-request-id']);
    // The page's policy gives way to the sandbox of a file; every other header is the app's.
    const security = await appSecurityHeaders(t);
    expect(fromMemory.headers).toMatchObject({
      ...security,
      'content-security-policy': "default-src 'none'; sandbox",
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, max-age=31536000, immutable',
      'content-type': 'image/webp',
    });
    // A download name or a type in the link is signed, and answered as asked even from memory.
    const named = await fetchMedia(
      createUrlSigner(t.config.secretKey).sign(
        new URL(photo.thumbnailUrl, 'http://x').pathname,
        { dl: 'Düğün.webp' },
        60,
      ),
    );
    expect(named.statusCode).toBe(200);
    expect(named.headers['content-disposition']).toBe(
      `attachment; filename="Dugun.webp"; filename*=UTF-8''D%C3%BC%C4%9F%C3%BCn.webp`,
    );
    // Revalidation, ranges and refusals carry the same security headers.
    const revalidated = await fetchMedia(photo.thumbnailUrl, {
      'if-none-match': String(fromMemory.headers.etag),
    });
    expect(revalidated.statusCode).toBe(304);
    const part = await fetchMedia(photo.thumbnailUrl, { range: 'bytes=0-9' });
    expect(part.statusCode).toBe(206);
    const past = await fetchMedia(photo.thumbnailUrl, { range: 'bytes=99999999-' });
    expect(past.statusCode).toBe(416);
    const refused = await fetchMedia(tamperSignature(photo.thumbnailUrl));
    expect(refused.statusCode).toBe(403);
    for (const res of [revalidated, part, past, refused])
      expect(res.headers).toMatchObject({
        ...security,
        'content-security-policy': "default-src 'none'; sandbox",
      });
  });

  it('checks the link before answering from memory: a tampered or expired twin of a held file gets 403', async () => {
    const { photo } = await thumbnailOf(t, owner);
    await warm(t, photo.thumbnailUrl);
    const path = new URL(photo.thumbnailUrl, 'http://x').pathname;
    expect((await fetchMedia(photo.thumbnailUrl)).statusCode).toBe(200);
    const tampered = tamperSignature(photo.thumbnailUrl);
    expect((await fetchMedia(tampered)).statusCode).toBe(403);
    const longer = photo.thumbnailUrl.replace(/exp=(\d+)/, (_s, exp: string) => `exp=${Number(exp) + 1}`);
    expect((await fetchMedia(longer)).statusCode).toBe(403);
    const past = createUrlSigner(t.config.secretKey, () => Date.now() - 2 * 3600_000);
    const expired = await fetchMedia(past.sign(path, {}, 60));
    expect(expired.statusCode).toBe(403);
    expect(expired.rawPayload.toString()).toContain(m.linkInvalid);
    // Its twin signed now is answered.
    expect((await fetchMedia(createUrlSigner(t.config.secretKey).sign(path, {}, 60))).statusCode).toBe(200);
  });

  it('answers from memory ahead of Fastify, counted and timed under the route as its own answers are', async () => {
    const { photo } = await thumbnailOf(t, owner);
    await warm(t, photo.thumbnailUrl);
    const { registry } = t.app.metrics;
    const route = '/api/media/*';
    type Values = { value: number; labels: Record<string, unknown>; metricName?: string }[];
    const valueOf = async (metric: string, labels: Record<string, string>, name = metric) =>
      ((await registry.getSingleMetric(metric)!.get()).values as Values).find(
        (v) =>
          (v.metricName ?? metric) === name &&
          Object.entries(labels).every(([label, value]) => v.labels[label] === value),
      )?.value ?? 0;
    const counts = async () => ({
      get: await valueOf('ani_http_requests_total', { method: 'GET', route, status: '200' }),
      head: await valueOf('ani_http_requests_total', { method: 'HEAD', route, status: '200' }),
      refused: await valueOf('ani_http_requests_total', { method: 'GET', route, status: '403' }),
      timedGet: await valueOf(
        'ani_http_request_duration_seconds',
        { method: 'GET', route },
        'ani_http_request_duration_seconds_count',
      ),
      timedHead: await valueOf(
        'ani_http_request_duration_seconds',
        { method: 'HEAD', route },
        'ani_http_request_duration_seconds_count',
      ),
    });
    const before = await counts();
    const fastify = vi.spyOn(t.app.log, 'child');
    const one = await fetchMedia(photo.thumbnailUrl);
    const two = await fetchMedia(photo.thumbnailUrl);
    const head = await overSocket(t.app)(photo.thumbnailUrl, { method: 'HEAD' });
    expect(fastify).not.toHaveBeenCalled();
    expect([one.statusCode, two.statusCode, head.statusCode]).toEqual([200, 200, 200]);
    expect(one.headers['x-request-id']).not.toBe(two.headers['x-request-id']);
    expect(headersOf(head)).toEqual(headersOf(one));
    expect(head.rawPayload.length).toBe(0);
    // A tampered link is Fastify's to refuse, counted under the same route.
    const tampered = await fetchMedia(tamperSignature(photo.thumbnailUrl));
    expect(tampered.statusCode).toBe(403);
    expect(fastify).toHaveBeenCalledTimes(1);
    fastify.mockRestore();
    await vi.waitFor(async () =>
      expect(await counts()).toEqual({
        get: before.get + 2,
        head: before.head + 1,
        refused: before.refused + 1,
        // The duration has no status label: the refusal is timed with the answers.
        timedGet: before.timedGet + 3,
        timedHead: before.timedHead + 1,
      }),
    );
  });

  it('leaves every other spelling of a link to Fastify, which answers it as it always has', async () => {
    const { photo } = await thumbnailOf(t, owner);
    await warm(t, photo.thumbnailUrl);
    const link = new URL(photo.thumbnailUrl, 'http://x');
    const exp = link.searchParams.get('exp')!;
    const sig = link.searchParams.get('sig')!;
    const path = link.pathname;
    const variants = [
      `${path}?sig=${sig}&exp=${exp}`, // the same link, parameters the other way round: 200
      `${path}?exp=${exp}&sig=${sig}&exp=${exp}`, // a parameter twice: 400
      `${path}?exp=${exp}&sig=${sig}&x=1`, // a parameter the signature does not cover: 403
      `${path}?exp=${exp}&sig=${sig.slice(0, -1)}%${sig.charCodeAt(42).toString(16)}`, // encoded: 200
      `${path}?exp=+${exp}&sig=${sig}`, // a space the signature does not cover: 403
      `${path.replace('/api/media/events/', '/api/media/events%2F')}?exp=${exp}&sig=${sig}`,
      `${path.replace('/api/media/', '/api/media//')}?exp=${exp}&sig=${sig}`,
      `${path}/?exp=${exp}&sig=${sig}`,
      `${path.toUpperCase()}?exp=${exp}&sig=${sig}`,
      `${path}`,
    ];
    const fastify = vi.spyOn(t.app.log, 'child');
    for (const variant of variants) {
      fastify.mockClear();
      const asked = await fetchMedia(variant);
      expect(fastify, variant).toHaveBeenCalledTimes(1);
      const routed = await get(variant);
      expect(asked.statusCode, variant).toBe(routed.statusCode);
      expect(headersOf(asked), variant).toEqual(headersOf(routed));
      expect(asked.rawPayload.equals(routed.rawPayload), variant).toBe(true);
    }
    fastify.mockRestore();
  });

  it('reads the disk every time with MEDIA_CACHE_BYTES=0', async () => {
    const cold = await createTestApp({ env: { MEDIA_CACHE_BYTES: '0' } });
    try {
      const { photo, file } = await thumbnailOf(cold, await createActivatedUser(cold));
      await warm(cold, photo.thumbnailUrl);
      await rm(file);
      expect((await cold.app.inject({ method: 'GET', url: photo.thumbnailUrl })).statusCode).toBe(404);
    } finally {
      await cold.close();
    }
  });
});

describe('DELETE /api/events/:id/photo', () => {
  it('deletes rows and objects, reports unknown ids and never touches another event', async () => {
    const eventId = await newEvent();
    const otherEvent = await newEvent();
    const items = await upload(eventId, ['jpeg', 'png', 'mp4']);
    const [foreign] = await upload(otherEvent, ['jpeg']);
    await t.app.jobs.runUntilIdle();
    const eventDir = path.join(t.config.dataDir, 'media', 'events', eventId);
    expect(await readdir(eventDir)).toHaveLength(9); // 3 originals + 3 thumbnails + 3 previews

    const del = (token: string | undefined, photoIds: string[]) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/events/${eventId}/photo`,
        headers: token ? bearer(token) : {},
        payload: { photoIds },
      });
    expect((await del(stranger.token, [items[0]!.id])).statusCode).toBe(404);
    expect((await del(undefined, [items[0]!.id])).statusCode).toBe(401);
    const empty = await del(owner.token, []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(m.photoIdsRequired);

    const res = await del(owner.token, [items[0]!.id, items[1]!.key, 'bilinmeyen', foreign!.id]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: '2 adet fotoğraf silindi.',
      notFound: ['bilinmeyen', foreign!.id],
      currentPhotoCount: 1,
    });
    expect(res.json().deleted.sort()).toEqual([items[0]!.id, items[1]!.id].sort());
    await t.app.jobs.runUntilIdle();
    expect((await readdir(eventDir)).sort()).toEqual(
      [
        items[2]!.key,
        items[2]!.key.replace('.mp4', '-thumb.webp'),
        items[2]!.key.replace('.mp4', '-preview.webp'),
      ]
        .map((k) => k.split('/').pop())
        .sort(),
    );
    const one = await del(owner.token, [items[2]!.id]);
    expect(one.json()).toMatchObject({ message: m.deletedOne, currentPhotoCount: 0 });
    const otherList = (await get(`/api/events/${otherEvent}/photos`, owner.token)).json();
    expect(otherList.photoCount).toBe(1);
  });

  it('removes every stored object when the whole event is deleted', async () => {
    const eventId = await newEvent();
    await upload(eventId, ['jpeg', 'webm']);
    await t.app.jobs.runUntilIdle();
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/events/${eventId}`,
      headers: bearer(owner.token),
    });
    expect(res.statusCode).toBe(200);
    await t.app.jobs.runUntilIdle();
    const left = await readdir(path.join(t.config.dataDir, 'media', 'events', eventId)).catch(() => []);
    expect(left).toEqual([]);
  });
});

describe('DELETE /api/events/:id/uploader', () => {
  it("erases everything one guest uploaded under their name, files too, and nobody else's", async () => {
    const eventId = await newEvent();
    const otherEvent = await newEvent();
    const zeynep = [
      ...(await upload(eventId, ['jpeg', 'png'], 'Zeynep Ak')),
      ...(await upload(eventId, ['mp4'], 'Zeynep Ak')),
    ];
    const [kept] = await upload(eventId, ['jpeg'], 'Zeynep');
    const [elsewhere] = await upload(otherEvent, ['jpeg'], 'Zeynep Ak');
    await t.app.jobs.runUntilIdle();
    const eventDir = path.join(t.config.dataDir, 'media', 'events', eventId);
    expect(await readdir(eventDir)).toHaveLength(12);

    const erase = (token: string | undefined, uploader: unknown) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/events/${eventId}/uploader`,
        headers: token ? bearer(token) : {},
        payload: { uploader },
      });
    expect((await erase(undefined, 'Zeynep Ak')).statusCode).toBe(401);
    expect((await erase(stranger.token, 'Zeynep Ak')).statusCode).toBe(404);
    const blank = await erase(owner.token, '  ');
    expect([blank.statusCode, blank.json().message]).toEqual([400, m.uploaderRequired]);
    const unknown = await erase(owner.token, 'Kimse');
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, m.uploaderNotFound]);

    const res = await erase(owner.token, ' Zeynep\u200b  Ak ');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: '3 adet fotoğraf silindi.', currentPhotoCount: 1 });
    expect(res.json().deleted.sort()).toEqual(zeynep.map((i) => i.id).sort());
    await t.app.jobs.runUntilIdle();
    // Only the other guest's item (original, thumbnail, preview) is left on disk.
    expect(
      (await readdir(eventDir)).every((name) => name.startsWith(kept!.key.split('/').pop()!.split('.')[0]!)),
    ).toBe(true);
    expect(await readdir(eventDir)).toHaveLength(3);
    const other = (await get(`/api/events/${otherEvent}/photos`, owner.token)).json();
    expect(other.photos.map((p: Item) => p.id)).toEqual([elsewhere!.id]);
  });
});

describe('GET /api/events/:id/download', () => {
  async function unzip(buffer: Buffer) {
    const dir = await mkdtemp(path.join(tmpdir(), 'ani-zip-'));
    const file = path.join(dir, 'album.zip');
    await writeFile(file, buffer);
    const test = await exec('unzip', ['-t', file]);
    const list = await exec('unzip', ['-Z1', file]);
    const csv = await exec('unzip', ['-p', file, 'notlar.csv'], { encoding: 'buffer' });
    await rm(dir, { recursive: true, force: true });
    return { test: test.stdout, names: list.stdout.trim().split('\n'), csv: csv.stdout as unknown as Buffer };
  }

  it('streams a standard ZIP of exactly the originals plus notes, with an exact Content-Length', async () => {
    const eventId = await newEvent('Ayşe & Mehmet Düğünü');
    await upload(eventId, ['jpeg', 'png'], 'Ayşe Yılmaz', 'İyi ki varsınız; "sonsuza" dek');
    await upload(eventId, ['mp4'], '=HYPERLINK("x")');
    await t.app.jobs.runUntilIdle();
    const res = await get(`/api/events/${eventId}/download`, owner.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Ayse_Mehmet_Dugunu.zip"; filename*=UTF-8''Ayse_Mehmet_Dugunu.zip`,
    );
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    const zip = await unzip(res.rawPayload);
    expect(zip.test).toContain('No errors detected');
    expect(zip.names).toHaveLength(4);
    expect(
      zip.names.filter((n) => n.endsWith('.jpg') || n.endsWith('.png') || n.endsWith('.mp4')),
    ).toHaveLength(3);
    expect(zip.names.some((n) => n.includes('webp'))).toBe(false);
    expect(zip.names).toContain('notlar.csv');
    expect(zip.names.some((n) => /_Ayse_Yilmaz(_2)?\.png$/.test(n))).toBe(true);
    expect(zip.csv.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const text = zip.csv.subarray(3).toString('utf8');
    expect(text.split('\r\n')[0]).toBe('Dosya;Yükleyen;Tarih;Not');
    expect(text).toContain('Ayşe Yılmaz;');
    expect(text).toContain('"İyi ki varsınız; ""sonsuza"" dek"');
    expect(text).toContain(`'=HYPERLINK`);
  });

  it('cuts the archive off, and keeps serving, when an original vanishes during the download', async () => {
    const eventId = await newEvent('Kayıp Dosya');
    await upload(eventId, ['jpeg', 'png']);
    const { photos } = (await get(`/api/events/${eventId}/photos?limit=10`, owner.token)).json() as {
      photos: { key: string }[];
    };
    await t.storage.delete(photos[0]!.key);
    const res = await get(`/api/events/${eventId}/download`, owner.token).catch((error: unknown) =>
      error instanceof Error ? error : new Error(String(error)),
    );
    if (!(res instanceof Error))
      expect(res.rawPayload.length).toBeLessThan(Number(res.headers['content-length']));
    expect((await get(`/api/events/${eventId}`, owner.token)).statusCode).toBe(200);
  });

  it('is for the owner: stranger 404, anonymous 401; an empty album says so', async () => {
    const eventId = await newEvent();
    const empty = await get(`/api/events/${eventId}/download`, owner.token);
    expect(empty.statusCode).toBe(404);
    expect(empty.json().message).toBe(m.noPhotos);
    await upload(eventId, ['jpeg']);
    expect((await get(`/api/events/${eventId}/download`, stranger.token)).statusCode).toBe(404);
    expect((await get(`/api/events/${eventId}/download`)).statusCode).toBe(401);
  });

  it('resumes: the same album gives the same bytes, and a Range with If-Range gets 206 of them', async () => {
    const eventId = await newEvent('Devam');
    await upload(eventId, ['jpeg', 'png'], 'Ali', 'Not');
    await upload(eventId, ['mp4'], 'Veli');
    const whole = await get(`/api/events/${eventId}/download`, owner.token);
    const again = await get(`/api/events/${eventId}/download`, owner.token);
    expect(again.rawPayload.equals(whole.rawPayload)).toBe(true);
    const etag = whole.headers.etag as string;
    expect(etag).toMatch(/^"zip-/);
    expect(again.headers.etag).toBe(etag);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const size = whole.rawPayload.length;
    for (const from of [0, 1, 31, Math.floor(size / 2), size - 30, size - 1]) {
      const part = await get(`/api/events/${eventId}/download`, owner.token, {
        range: `bytes=${from}-`,
        'if-range': etag,
      });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes ${from}-${size - 1}/${size}`);
      expect(Number(part.headers['content-length'])).toBe(size - from);
      expect(part.rawPayload.equals(whole.rawPayload.subarray(from))).toBe(true);
    }
    const middle = await get(`/api/events/${eventId}/download`, owner.token, { range: 'bytes=100-199' });
    expect(middle.statusCode).toBe(206);
    expect(middle.rawPayload.equals(whole.rawPayload.subarray(100, 200))).toBe(true);
    const past = await get(`/api/events/${eventId}/download`, owner.token, { range: `bytes=${size}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${size}`);
    // A resumed download is a valid archive.
    const resumed = Buffer.concat([
      whole.rawPayload.subarray(0, 1000),
      (await get(`/api/events/${eventId}/download`, owner.token, { range: 'bytes=1000-', 'if-range': etag }))
        .rawPayload,
    ]);
    expect((await unzip(resumed)).test).toContain('No errors detected');
  });

  it('gives a changed album a new ETag, and a Range naming the old one the whole new archive', async () => {
    const eventId = await newEvent('Değişen');
    await upload(eventId, ['jpeg']);
    const before = await get(`/api/events/${eventId}/download`, owner.token);
    await upload(eventId, ['png'], 'Yeni Misafir');
    const after = await get(`/api/events/${eventId}/download`, owner.token);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const stale = await get(`/api/events/${eventId}/download`, owner.token, {
      range: 'bytes=500-',
      'if-range': before.headers.etag as string,
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.headers.etag).toBe(after.headers.etag);
    expect(stale.rawPayload.equals(after.rawPayload)).toBe(true);
    // A deleted item changes the state too.
    const { photos } = (await get(`/api/events/${eventId}/photos?limit=10`, owner.token)).json() as {
      photos: { id: string }[];
    };
    await t.app.inject({
      method: 'DELETE',
      url: `/api/events/${eventId}/photo`,
      headers: bearer(owner.token),
      payload: { photoIds: [photos[0]!.id] },
    });
    expect((await get(`/api/events/${eventId}/download`, owner.token)).headers.etag).not.toBe(
      after.headers.etag,
    );
  });

  it('fills in the CRC of items uploaded before it was recorded, and gives the same archive', async () => {
    const eventId = await newEvent('Eski');
    await upload(eventId, ['jpeg', 'png']);
    const fresh = await get(`/api/events/${eventId}/download`, owner.token);
    await t.db.update(media).set({ crc32: null }).where(eq(media.eventId, eventId));
    const legacy = await get(`/api/events/${eventId}/download`, owner.token);
    expect(legacy.rawPayload.equals(fresh.rawPayload)).toBe(true);
    const rows = await t.db.select({ crc32: media.crc32 }).from(media).where(eq(media.eventId, eventId));
    expect(rows.every((row) => typeof row.crc32 === 'number')).toBe(true);
  });

  it('resumes with curl -C - over a real connection after a dropped transfer', async () => {
    const eventId = await newEvent('Curl');
    await upload(eventId, ['jpeg', 'png', 'mp4', 'gif'], 'Ayşe');
    const { url } = (
      await t.app.inject({
        method: 'POST',
        url: `/api/events/${eventId}/download-link`,
        headers: bearer(owner.token),
      })
    ).json() as { url: string };
    const full = (await get(url)).rawPayload;
    const address = await listeningAt(t.app);
    const dir = await mkdtemp(path.join(tmpdir(), 'ani-resume-'));
    try {
      const file = path.join(dir, 'album.zip');
      // The first attempt "drops" after the first part of the archive: exactly what was received stays on disk.
      await writeFile(file, full.subarray(0, Math.floor(full.length / 3)));
      const { stdout } = await exec('curl', [
        '-s',
        '-S',
        '-C',
        '-',
        '-o',
        file,
        '-w',
        '%{http_code}',
        `${address}${url}`,
      ]);
      expect(stdout).toBe('206');
      const resumed = await readFile(file);
      expect(resumed.equals(full)).toBe(true);
      expect((await exec('unzip', ['-t', file])).stdout).toContain('No errors detected');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('offers a short-lived signed link that works without the Bearer header', async () => {
    const eventId = await newEvent('Nişan');
    await upload(eventId, ['gif']);
    const linkRes = await t.app.inject({
      method: 'POST',
      url: `/api/events/${eventId}/download-link`,
      headers: bearer(owner.token),
    });
    expect(linkRes.statusCode).toBe(200);
    const { url } = linkRes.json();
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('filename="Nisan.zip"');
    const tampered = tamperSignature(url);
    expect((await get(tampered)).statusCode).toBe(403);
    // Opened in a tab (pasted into the address bar), the refused link lands on the site's explanation.
    const tab = await get(tampered, undefined, {
      'sec-fetch-mode': 'navigate',
      'sec-fetch-dest': 'document',
    });
    expect(tab.statusCode).toBe(303);
    expect(tab.headers.location).toBe('/?hesap=file-link-invalid');
    // A valid link to an album with nothing in it: code reads why, a tab lands on its own words.
    const emptyEvent = await newEvent('Kına');
    const emptyLink = (
      await t.app.inject({
        method: 'POST',
        url: `/api/events/${emptyEvent}/download-link`,
        headers: bearer(owner.token),
      })
    ).json().url as string;
    const empty = await get(emptyLink);
    expect([empty.statusCode, empty.json().message]).toEqual([404, messages.media.noPhotos]);
    const emptyTab = await get(emptyLink, undefined, { 'sec-fetch-dest': 'document' });
    expect([emptyTab.statusCode, emptyTab.headers.location]).toEqual([303, '/?hesap=album-empty']);
    const strangerLink = await t.app.inject({
      method: 'POST',
      url: `/api/events/${eventId}/download-link`,
      headers: bearer(stranger.token),
    });
    expect(strangerLink.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/events/${eventId}/download-link` })).statusCode,
    ).toBe(401);
  });
});
