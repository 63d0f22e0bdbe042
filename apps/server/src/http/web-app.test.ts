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

  it('answers / with the prerendered landing page and every other page with the empty shell', async () => {
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
    const api = await app.inject({ url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ success: false });
  });
});
