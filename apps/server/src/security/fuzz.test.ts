import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { bearer } from '../testing/factories.ts';
import { buildFixture, samples, type Fixture } from '../testing/route-samples.ts';

/**
 * Property-based fuzzing: malformed bodies, wrong types, huge fields, Unicode tricks and path
 * traversal against every JSON endpoint and the upload. Whatever arrives: never a 5xx, never a
 * stack trace, always the Turkish error shape, and a refused request stores nothing.
 */

// A fixed seed keeps CI reproducible; FUZZ_SEED=random (or a number) explores further.
fc.configureGlobal({
  seed: process.env.FUZZ_SEED === 'random' ? Date.now() : Number(process.env.FUZZ_SEED ?? 20_261_122),
});

const hostileString = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '../../etc/passwd',
    '..\\..\\windows\\system32',
    '/api/media/../../secret-key',
    '\u0000',
    '\u202eexe.gpj',
    'İıIi',
    'a\u0301'.repeat(50),
    '💍'.repeat(500),
    'x'.repeat(20_000),
    '<script>alert(1)</script>',
    "'; drop table users; --",
    '%00%2e%2e%2f',
    '__proto__',
    'constructor',
    '{{7*7}}',
    '=HYPERLINK("http://evil")',
    ' ',
    '',
  ),
);
const hostileValue = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -1, 0, 1e308, true, false, null),
  fc.array(hostileString, { maxLength: 5 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 3 }),
);

let t: TestApp;
let f: Fixture;
let countSql: ReturnType<typeof sql.raw>;

async function rowCounts(): Promise<string> {
  const result = await t.db.execute(countSql);
  return JSON.stringify((result as unknown as { rows: unknown[] }).rows);
}

beforeAll(async () => {
  t = await createTestApp();
  f = await buildFixture(t);
  const tables = await t.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const names = (tables as unknown as { rows: { table_name: string }[] }).rows
    .map((r) => r.table_name)
    .filter((n) => !n.startsWith('__drizzle'));
  countSql = sql.raw(`select ${names.map((n) => `(select count(*) from "${n}") as "${n}"`).join(', ')}`);
});
afterAll(() => t?.close());

function expectCleanError(status: number, body: string) {
  expect(status, body).toBeLessThan(500);
  expect(body).not.toMatch(/\n\s+at |node_modules|\.ts:\d+/);
  if (status >= 400) {
    const parsed = JSON.parse(body);
    expect(parsed.success, `${status} ${body.slice(0, 200)}`).toBe(false);
    expect(typeof parsed.message).toBe('string');
    expect(parsed.message.length).toBeGreaterThan(0);
  }
}

// Read-only and non-destructive JSON routes: fuzzing them must never change data it refuses.
const jsonRoutes = Object.entries(samples).filter(
  ([key, s]) => !s.multipart && !s.destructive && key.split(' ')[0] !== 'GET',
);

describe('fuzzing JSON endpoints', () => {
  it.each(jsonRoutes)('%s never fails badly', async (key, sample) => {
    const method = key.split(' ')[0] as 'POST';
    const valid = (sample.body?.(f) ?? {}) as Record<string, unknown>;
    const body = fc.oneof(
      // One field of a valid body replaced by something hostile: reaches the deepest checks.
      fc
        .tuple(fc.constantFrom(...Object.keys(valid), 'extra'), hostileValue)
        .map(([k, v]) => ({ ...valid, [k]: v })),
      fc.jsonValue({ maxDepth: 3 }),
      fc.dictionary(hostileString, hostileValue, { maxKeys: 6 }),
    );
    await fc.assert(
      fc.asyncProperty(body, async (payload) => {
        const before = await rowCounts();
        const res = await t.app.inject({
          method,
          url: sample.url(f),
          headers: { ...bearer(f.owner.user.token), 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
        });
        expectCleanError(res.statusCode, res.body);
        if (res.statusCode >= 400) expect(await rowCounts()).toBe(before);
      }),
      { numRuns: 25 },
    );
  });

  it('survives bodies that are not JSON at all', async () => {
    for (const payload of [
      '{',
      '[1,2',
      'null',
      '"x"',
      '\u0000\u0001',
      '{"a":'.repeat(2000),
      'x'.repeat(2 * 1024 * 1024),
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/events',
        headers: { ...bearer(f.owner.user.token), 'content-type': 'application/json' },
        payload,
      });
      expectCleanError(res.statusCode, res.body);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
    }
  });

  it('handles hostile path parameters and query strings', async () => {
    const urls = Object.entries(samples)
      .filter(([k]) => k.startsWith('GET '))
      .map(([, s]) => s.url(f));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...urls), hostileString, async (url, junk) => {
        const mangled =
          url.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/, encodeURIComponent(junk)) +
          `&x=${encodeURIComponent(junk)}`;
        const res = await t.app.inject({ method: 'GET', url: mangled, headers: bearer(f.owner.user.token) });
        expectCleanError(res.statusCode, res.body);
      }),
      { numRuns: 60 },
    );
  });
});

describe('fuzzing the guest upload', () => {
  const boundary = '----fuzz';
  const part = (name: string, value: string | Buffer, filename?: string) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${name}"${filename !== undefined ? `; filename="${filename}"` : ''}\r\n\r\n`,
      ),
      typeof value === 'string' ? Buffer.from(value) : value,
      Buffer.from('\r\n'),
    ]);

  it('refuses malformed multipart, lying names and junk bytes cleanly, storing nothing', async () => {
    const mediaDir = path.join(t.config.dataDir, 'media');
    const objectsBefore = (await readdir(mediaDir, { recursive: true })).length;
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          fieldName: fc.oneof(fc.constant('files'), hostileString),
          filename: hostileString,
          content: fc.uint8Array({ maxLength: 2048 }),
          uploader: hostileString,
          note: hostileString,
          truncate: fc.boolean(),
        }),
        async ({ fieldName, filename, content, uploader, note, truncate }) => {
          const before = await rowCounts();
          let payload = Buffer.concat([
            part('uploader', uploader),
            part('note', note),
            part(fieldName.replace(/["\r\n]/g, ''), Buffer.from(content), filename.replace(/["\r\n]/g, '')),
            Buffer.from(`--${boundary}--\r\n`),
          ]);
          if (truncate) payload = payload.subarray(0, Math.floor(payload.length / 2));
          const res = await t.app.inject({
            method: 'POST',
            url: `/api/events/${f.owner.eventId}/upload`,
            headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
            payload,
          });
          expectCleanError(res.statusCode, res.body);
          // Random bytes are never a photo or a video: every attempt is refused and leaves nothing.
          expect(res.statusCode).toBeGreaterThanOrEqual(400);
          expect(await rowCounts()).toBe(before);
        },
      ),
      { numRuns: 40 },
    );
    const objectsAfter = (await readdir(mediaDir, { recursive: true })).length;
    expect(objectsAfter).toBe(objectsBefore);
  });
});
