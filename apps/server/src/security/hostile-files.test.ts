import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@ani/contract/messages';
import { multipartBody, type BodyPart } from '../testing/multipart-body.ts';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { bearer, createActivatedUser, type TestUser } from '../testing/factories.ts';
import { mediaFixtures, type MediaFixtures } from '../testing/media-fixtures.ts';

/**
 * Files made to attack the album: refused when they are not media, and when they are (a JPEG that
 * is also an HTML page), served so that no browser runs them.
 */

let t: TestApp;
let f: MediaFixtures;
let host: TestUser;
let eventId: string;

beforeAll(async () => {
  [t, f] = await Promise.all([createTestApp(), mediaFixtures()]);
  host = await createActivatedUser(t);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/events',
    headers: bearer(host.token),
    payload: { title: 'Saldırı Testi', eventDate: new Date().toISOString() },
  });
  eventId = created.json().event.id;
});
afterAll(() => t.close());

const upload = (file: BodyPart) =>
  t.app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/upload`,
    ...multipartBody([{ name: 'uploader', value: 'Kötü Niyetli' }, file]),
  });

describe('hostile uploads', () => {
  it.each([
    ['an SVG with script named .jpg', 'svg', 'image/jpeg'],
    ['an HTML page named .png', 'html', 'image/png'],
    ['a Windows program named .jpg', 'exe', 'image/jpeg'],
    ['a text file named .jpg', 'text', 'image/jpeg'],
  ] as const)(
    'refuses %s with 415, whatever its name and declared type say',
    async (_case, kind, declared) => {
      const res = await upload({
        name: 'files',
        filename: path.basename(f[kind]),
        contentType: declared,
        data: await readFile(f[kind]),
      });
      expect(res.statusCode).toBe(415);
      expect(res.json().success).toBe(false);
      const info = await t.app.inject({ method: 'GET', url: `/api/events/${eventId}/info` });
      expect(info.json().event.photoCount).toBe(0);
    },
  );

  it('refuses a decompression bomb from its header', async () => {
    const res = await upload({
      name: 'files',
      filename: 'bomb.png',
      contentType: 'image/png',
      data: await readFile(f.bomb),
    });
    expect([400, 413, 415]).toContain(res.statusCode);
    expect(res.json().message).toBe(messages.upload.imageTooLarge);
  });

  it('serves a JPEG/HTML polyglot only as an image, sandboxed, never as a page', async () => {
    const polyglot = Buffer.concat([
      await readFile(f.jpeg),
      Buffer.from('<html><body><script>document.title="pwned"</script></body></html>'),
    ]);
    const res = await upload({
      name: 'files',
      filename: 'index.html',
      contentType: 'text/html',
      data: polyglot,
    });
    expect(res.statusCode).toBe(200);
    const key: string = res.json().uploaded[0].key;
    expect(key.endsWith('.jpg')).toBe(true);

    const photo = await t.app.inject({
      method: 'GET',
      url: `/api/events/${eventId}/photo/${key.split('/').pop()}`,
      headers: bearer(host.token),
    });
    const served = await t.app.inject({ method: 'GET', url: photo.json().photo.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(String(served.headers['content-disposition'])).not.toContain('.html');
  });

  it('accepts a truncated video by its header but serves it only as video', async () => {
    const mp4 = await readFile(f.mp4);
    const res = await upload({
      name: 'files',
      filename: 'kesik.mp4',
      contentType: 'video/mp4',
      data: mp4.subarray(0, 2048),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().uploaded[0].mimeType).toBe('video/mp4');
    await t.app.jobs.runUntilIdle();
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/events/${eventId}/photos?limit=100`,
      headers: bearer(host.token),
    });
    const video = list.json().photos.find((p: { type: string }) => p.type === 'video');
    expect(video.processed).toBe(true);
    const served = await t.app.inject({ method: 'GET', url: video.originalUrl });
    expect(served.headers['content-type']).toBe('video/mp4');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  });
});

describe('security headers', () => {
  let web: TestApp;
  beforeAll(async () => {
    const dist = path.join(t.config.dataDir, 'web-dist');
    await mkdir(dist, { recursive: true });
    await writeFile(
      path.join(dist, 'index.html'),
      '<!doctype html><html lang="tr"><title>Anı Kutusu</title></html>',
    );
    web = await createTestApp({ env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await web.close();
    await rm(path.join(t.config.dataDir, 'web-dist'), { recursive: true, force: true });
  });

  it.each([
    '/',
    '/gallery',
    '/contact',
    '/events',
    '/events/abc',
    '/events/abc/baslik/upload-image-page',
    '/dashboard/guests/list',
    '/profile',
    '/bilinmeyen',
    '/api/health',
    '/api/yok',
  ])('%s carries CSP and the other protective headers', async (url) => {
    const res = await web.app.inject({ method: 'GET', url });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['strict-transport-security']).toContain('max-age=');
    expect(res.headers['x-powered-by']).toBeUndefined();
    if (!url.startsWith('/api/')) {
      // A path with no page gets the app's shell too (its "not found" page), with status 404.
      expect(res.statusCode).toBe(url === '/bilinmeyen' ? 404 : 200);
      expect(res.headers['content-type']).toContain('text/html');
    }
  });
});
