import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { multipartBody } from '../testing/multipart-body.ts';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { bearer, createActivatedUser } from '../testing/factories.ts';
import { createLogger } from './logger.ts';
import { requestContext } from './request-id.ts';

const token = randomBytes(24).toString('hex');
const lines: Record<string, unknown>[] = [];
const raw: string[] = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n')) {
      if (!line) continue;
      raw.push(line);
      lines.push(JSON.parse(line));
    }
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { METRICS_TOKEN: token, TRUST_PROXY: '10.9.9.9' },
    logger: createLogger('info', sink),
  });
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

/** Prometheus text format: `name{label="value",…} number` lines into a lookup. */
function parseMetrics(text: string): (name: string, labels?: Record<string, string>) => number | undefined {
  const samples = text
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => {
      const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(l);
      if (!m) throw new Error(`not a sample line: ${l}`);
      const labels = Object.fromEntries(
        [...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((x) => [x[1], x[2]]),
      );
      return { name: m[1]!, labels, value: Number(m[3]) };
    });
  return (name, labels = {}) =>
    samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
      ?.value;
}

async function scrape() {
  const res = await t.app.inject({ method: 'GET', url: '/api/metrics', headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseMetrics(res.body);
}

const jpeg = (seed: number) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: seed, g: 120, b: 200 } } })
    .jpeg()
    .toBuffer();

describe('/api/ready', () => {
  it('answers 503 in Turkish until the server has started, then 200 with every check', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(before.statusCode).toBe(503);
    expect(before.json()).toMatchObject({
      success: false,
      message: 'Hizmet şu anda kullanılamıyor. Lütfen biraz sonra tekrar deneyin.',
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    t.app.markReady();
    const after = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({
      success: true,
      checks: { database: 'ok', storage: 'ok', jobs: 'ok', disk: 'ok' },
    });
  });

  it('answers 503 naming the disk while free space is below MIN_FREE_DISK_BYTES', async () => {
    // A floor no disk can meet stands for a full disk; the twin above (the default floor) is ready.
    const full = await createTestApp({ env: { MIN_FREE_DISK_BYTES: String(Number.MAX_SAFE_INTEGER) } });
    try {
      full.app.markReady();
      const res = await full.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        checks: { database: 'ok', storage: 'ok', jobs: 'ok', disk: 'failed' },
      });
      expect((await full.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await full.close();
    }
  });

  it('answers 503 naming storage when the store cannot take a write, and recovers with it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 60_000);
    const mediaRoot = path.join(t.config.dataDir, 'media');
    await rm(mediaRoot, { recursive: true, force: true });
    await writeFile(mediaRoot, 'not a directory');
    const broken = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(broken.statusCode).toBe(503);
    expect(broken.json()).toMatchObject({
      message: 'Hizmet şu anda kullanılamıyor. Lütfen biraz sonra tekrar deneyin.',
      checks: { database: 'ok', storage: 'failed', jobs: 'ok', disk: 'ok' },
    });
    // Liveness does not depend on the store: restarting the process would not fix a disk.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    await rm(mediaRoot);
    vi.setSystemTime(Date.now() + 60_000);
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  });
});

describe('/api/metrics', () => {
  it('refuses a scrape without the token or with another one (401), and never serves it to a plain GET', async () => {
    for (const headers of [{}, bearer('x'.repeat(48)), { authorization: token }]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/metrics', headers });
      expect(res.statusCode).toBe(401);
      expect(res.body).not.toContain('ani_');
      expect(res.json()).toMatchObject({ success: false, message: 'Bu işlem için yetkiniz yok.' });
    }
  });

  it('does not exist when METRICS_TOKEN is unset', async () => {
    const other = await createTestApp();
    try {
      const res = await other.app.inject({ method: 'GET', url: '/api/metrics', headers: bearer(token) });
      expect(res.statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });

  it('counts requests by route pattern, uploads, queue depth and age by kind, derivations and SSE clients', async () => {
    const host = await createActivatedUser(t);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: bearer(host.token),
      payload: { title: 'Elif ile Can', eventDate: new Date().toISOString() },
    });
    const eventId = created.json().event.id as string;
    const photos = [await jpeg(10), await jpeg(90)];
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/events/${eventId}/upload`,
      ...multipartBody([
        { name: 'uploader', value: 'Zeynep' },
        ...photos.map((data, i) => ({
          name: 'files',
          filename: `foto${i}.jpg`,
          contentType: 'image/jpeg',
          data,
        })),
      ]),
    });
    expect(uploaded.statusCode).toBe(200);

    const queued = await scrape();
    expect(queued('ani_upload_files_total')).toBe(2);
    expect(queued('ani_upload_bytes_total')).toBe(photos[0]!.length + photos[1]!.length);
    expect(queued('ani_jobs', { kind: 'media.derive', status: 'pending' })).toBe(2);
    expect(queued('ani_jobs_oldest_due_seconds', { kind: 'media.derive' })).toBeGreaterThanOrEqual(0);
    // The pattern, never the event's id: one series per route, not per request.
    const route = '/api/events/:eventId/upload';
    expect(queued('ani_http_requests_total', { method: 'POST', route, status: '200' })).toBe(1);
    expect(queued('ani_http_request_duration_seconds_count', { method: 'POST', route })).toBe(1);
    expect(queued('ani_http_requests_total', { route: `/api/events/${eventId}/upload` })).toBeUndefined();
    expect(queued('ani_sse_clients')).toBe(0);

    await t.app.jobs.runUntilIdle();
    const derived = await scrape();
    expect(derived('ani_derivations_total', { outcome: 'done' })).toBe(2);
    expect(derived('ani_jobs', { kind: 'media.derive', status: 'pending' })).toBeUndefined();
    expect(derived('ani_process_resident_memory_bytes')).toBeGreaterThan(0);
  });
});

describe('request ids', () => {
  it('returns a fresh id per request and puts it on every log line of that request', async () => {
    lines.length = 0;
    const a = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    const b = await t.app.inject({ method: 'GET', url: '/api/health' });
    const id = a.headers['x-request-id'] as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(b.headers['x-request-id']).not.toBe(id);
    const ofA = lines.filter((l) => l.reqId === id);
    expect(ofA.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    expect(lines.every((l) => typeof l.reqId === 'string')).toBe(true);
  });

  it('adds the id to lines written through the app logger during the request, once', async () => {
    lines.length = 0;
    raw.length = 0;
    requestContext.run({ reqId: 'abc12345' }, () => {
      t.app.log.info('from a service');
      t.app.log.child({ reqId: 'abc12345' }).info('from the request logger');
    });
    t.app.log.info('outside any request');
    expect(lines.map((l) => [l.msg, l.reqId])).toEqual([
      ['from a service', 'abc12345'],
      ['from the request logger', 'abc12345'],
      ['outside any request', undefined],
    ]);
    // JSON.parse would hide a duplicate key: the raw line holds the id once.
    expect(raw.map((l) => l.split('"reqId"').length - 1)).toEqual([1, 1, 0]);
  });

  it('keeps a well-formed id only from a trusted proxy', async () => {
    const incoming = 'f3b9c2a1d4e5f60718293a4b5c6d7e8f';
    const fromProxy = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: '10.9.9.9',
      headers: { 'x-request-id': incoming },
    });
    expect(fromProxy.headers['x-request-id']).toBe(incoming);
    const badFromProxy = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: '10.9.9.9',
      headers: { 'x-request-id': 'x"\n{"admin":true}' },
    });
    expect(badFromProxy.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const fromClient = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: '203.0.113.7',
      headers: { 'x-request-id': incoming },
    });
    expect(fromClient.headers['x-request-id']).not.toBe(incoming);
    expect(fromClient.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
