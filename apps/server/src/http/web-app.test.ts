import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebApp } from './web-app.ts';

// A build as the web app's `vite build` leaves it: the prerendered landing page, the empty shell for
// every other route, and .br/.gz copies beside the text files.
let dist: string;
const app = Fastify();
const landing = '<!doctype html><div id="root"><h1>Anılarınız</h1></div>';
const shell = '<!doctype html><div id="root"></div>';
const script = `console.log(${JSON.stringify('x'.repeat(2000))});`;

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'ani-web-app-'));
  await mkdir(path.join(dist, 'assets'));
  const files: Record<string, string> = {
    'index.html': landing,
    'app.html': shell,
    'assets/index-abc.js': script,
  };
  for (const [name, body] of Object.entries(files)) {
    await writeFile(path.join(dist, name), body);
    await writeFile(path.join(dist, `${name}.br`), brotliCompressSync(body));
    await writeFile(path.join(dist, `${name}.gz`), gzipSync(body));
  }
  await registerWebApp(app, dist);
});
afterAll(async () => {
  await app.close();
  await rm(dist, { recursive: true, force: true });
});

describe('web app serving', () => {
  it('sends the pre-compressed copy the client accepts, and the plain file to one that accepts none', async () => {
    const br = await app.inject({ url: '/assets/index-abc.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);

    const gz = await app.inject({ url: '/assets/index-abc.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await app.inject({
      url: '/assets/index-abc.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('answers / with the prerendered landing page, every other page with the empty shell, and a path with no page 404', async () => {
    const home = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(home.headers['content-encoding']).toBe('gzip');
    expect(home.headers['cache-control']).toBe('no-cache');
    expect(gunzipSync(home.rawPayload).toString()).toBe(landing);
    expect((await app.inject({ url: '/?hesap=etkin' })).body).toBe(landing);

    for (const url of ['/dashboard', '/events/abc', '/contact?x=1']) {
      const page = await app.inject({ url });
      expect(page.statusCode).toBe(200);
      expect(page.body).toBe(shell);
    }
    // A path the app has no page for: the same shell (it shows the app's "not found" page), status 404.
    for (const url of ['/boyle-bir-sayfa-yok', '/gallery/eski', '/events/abc/foto?x=1']) {
      const missing = await app.inject({ url });
      expect(missing.statusCode).toBe(404);
      expect(missing.body).toBe(shell);
    }
    const api = await app.inject({ url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ success: false });
  });
});

describe('the guest upload page: its own HTML, naming its cover', () => {
  const eventId = '0b7c2c9e-3f1a-4c55-9d0e-2f6a1b9c8d7e';
  const cover = {
    src: '/images/covers/cover-3.jpg',
    srcSetWebp: '/images/covers/cover-3-480.webp 480w, /images/covers/cover-3-960.webp 960w',
    srcSetAvif: '/images/covers/cover-3-480.avif 480w, /images/covers/cover-3-960.avif 960w',
  };
  const headShell =
    '<!doctype html><html lang="tr"><head><title>x</title></head><body><div id="root"></div></body></html>';
  const guestPage =
    '<!doctype html><html lang="tr"><head><title>y</title><script type="module" src="/assets/upload-x.js"></script></head><body><div id="root"></div></body></html>';
  const withCovers = Fastify();
  let asked: string[] = [];

  beforeAll(async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'ani-web-app-cover-'));
    await writeFile(path.join(dir, 'index.html'), landing);
    await writeFile(path.join(dir, 'app.html'), headShell);
    await writeFile(path.join(dir, 'upload.html'), guestPage);
    await registerWebApp(withCovers, dir, {
      uploadPageCover: async (id) => {
        asked.push(id);
        return id === eventId ? cover : null;
      },
    });
  });
  afterAll(() => withCovers.close());

  it('preloads the AVIF set with the page’s own sizes, at high priority, before the script asks', async () => {
    asked = [];
    const page = await withCovers.inject({ url: `/events/${eventId}/ayse-mehmet/upload-image-page?x=1` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(asked).toEqual([eventId]);
    const preload = /<link rel="preload"[^>]*>/.exec(page.body)?.[0] ?? '';
    expect(preload).toContain('as="image"');
    expect(preload).toContain('type="image/avif"');
    expect(preload).toContain('fetchpriority="high"');
    expect(preload).toContain(`imagesrcset="${cover.srcSetAvif}"`);
    expect(preload).toContain('imagesizes="(max-width: 640px) 34vw, 100vw"');
    // Inside the head, and the rest of the guest page's HTML unchanged.
    expect(page.body.indexOf(preload)).toBeLessThan(page.body.indexOf('</head>'));
    expect(page.body.replace(preload, '')).toBe(guestPage);
  });

  it('sends the guest page without a preload for an unknown event, and the app shell for every other page, asking nothing for those', async () => {
    asked = [];
    const unknown = await withCovers.inject({
      url: '/events/11111111-2222-4333-8444-555555555555/x/upload-image-page',
    });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(guestPage);
    expect(asked).toEqual(['11111111-2222-4333-8444-555555555555']);
    asked = [];
    for (const [url, status] of [
      ['/dashboard', 200],
      [`/events/${eventId}`, 200],
      // No page of the app: its "not found" page, in the shell.
      [`/events/${eventId}/x/upload-image-page/more`, 404],
    ] as const) {
      const other = await withCovers.inject({ url });
      expect(other.statusCode, url).toBe(status);
      expect(other.body, url).toBe(headShell);
    }
    expect(asked).toEqual([]);
  });
});
