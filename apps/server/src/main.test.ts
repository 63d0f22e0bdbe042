import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startServerProcess } from './testing/server-process.ts';
import { firstOutboxMail } from './testing/outbox-files.ts';

const tempDirs: string[] = [];
afterAll(() => Promise.all(tempDirs.map((d) => rm(d, { recursive: true, force: true }))));

async function tempDir() {
  const dir = await mkdtemp(path.join(tmpdir(), 'ani-main-'));
  tempDirs.push(dir);
  return dir;
}

// Quoted-printable bodies wrap long lines with "=\n" and encode "=" as "=3D".
const decodeQuotedPrintable = (s: string) =>
  s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));

describe('the server process', () => {
  it('starts on the embedded database and completes register → activate → login → logout over HTTP', async () => {
    const port = await freePort();
    const dataDir = await tempDir();
    const server = startServerProcess({
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'info',
    });
    const base = server.base;
    try {
      expect(await server.healthy(), server.logs()).toBe(true);
      const health = await fetch(`${base}/api/health`);
      expect(await health.json()).toEqual({ success: true, database: 'ok' });
      expect(health.headers.get('x-content-type-options')).toBe('nosniff');
      expect(health.headers.get('content-security-policy')).toContain("default-src 'self'");

      const registration = {
        username: 'Deniz Aydın',
        email: 'deniz@example.com',
        password: 'Dugun2026',
        phoneNumber: '05321112233',
      };
      const registered = await fetch(`${base}/api/users/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(registration),
      });
      expect(registered.status).toBe(201);

      const eml = decodeQuotedPrintable(await firstOutboxMail(dataDir));
      expect(eml).toContain('To: deniz@example.com');
      const link = /https?:\/\/\S+\/api\/users\/activate\?token=[A-Za-z0-9_-]+/.exec(eml)?.[0];
      expect(link).toBeDefined();
      const activated = await fetch(link!, { redirect: 'manual' });
      expect(activated.status).toBe(302);
      expect(activated.headers.get('location')).toBe('/?hesap=activated');

      const login = await fetch(`${base}/api/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'Deniz Aydın', password: 'Dugun2026' }),
      });
      expect(login.status).toBe(200);
      const { token } = (await login.json()) as { token: string };
      const auth = { authorization: `Bearer ${token}` };
      expect((await fetch(`${base}/api/users/me`, { headers: auth })).status).toBe(200);
      expect((await fetch(`${base}/api/users/logout`, { method: 'POST', headers: auth })).status).toBe(200);
      expect((await fetch(`${base}/api/users/me`, { headers: auth })).status).toBe(401);

      const unknownApi = await fetch(`${base}/api/does-not-exist`);
      expect(unknownApi.status).toBe(404);
      expect(await unknownApi.json()).toMatchObject({ success: false, message: 'İstenen adres bulunamadı.' });

      const log = server.logs();
      expect(log).not.toContain('Dugun2026');
      expect(log).not.toContain(token);
    } finally {
      expect(await server.kill('SIGTERM')).toBe(0);
    }
  });

  // Another instance migrating holds the migration lock: this one waits, and says so on its port.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'answers 503 in Turkish on its port while waiting for migrations, then becomes ready',
    async () => {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const name = `ani_migrating_${randomBytes(4).toString('hex')}`;
      await admin.query(`create database ${name}`);
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      const other = new pg.Client({ connectionString: url.toString() });
      await other.connect();
      await other.query('select pg_advisory_lock(7240119)');
      const port = await freePort();
      const server = startServerProcess({
        PORT: String(port),
        DATA_DIR: await tempDir(),
        DATABASE_URL: url.toString(),
      });
      try {
        let waiting: Response | undefined;
        for (let i = 0; i < 300 && !waiting; i++) {
          waiting = await fetch(`${server.base}/api/ready`).catch(() => undefined);
          if (!waiting) await new Promise((r) => setTimeout(r, 100));
        }
        expect(waiting?.status).toBe(503);
        expect(await waiting!.json()).toMatchObject({
          success: false,
          message: 'Hizmet şu anda kullanılamıyor. Lütfen biraz sonra tekrar deneyin.',
        });
        expect((await fetch(`${server.base}/api/events`)).status).toBe(503);

        await other.query('select pg_advisory_unlock(7240119)');
        expect(await server.healthy(), server.logs()).toBe(true);
        const ready = await fetch(`${server.base}/api/ready`);
        expect(ready.status).toBe(200);
        expect(await ready.json()).toEqual({
          success: true,
          checks: { database: 'ok', storage: 'ok', jobs: 'ok', disk: 'ok' },
        });
      } finally {
        expect(await server.kill('SIGTERM')).toBe(0);
        await other.end();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
  );

  it('fails fast with a clear message when DATABASE_URL cannot be reached', async () => {
    const server = startServerProcess({
      PORT: '0',
      DATA_DIR: await tempDir(),
      DATABASE_URL: 'postgres://postgres:hunter2@127.0.0.1:1/nowhere',
    });
    expect(await server.exited).toBe(1);
    expect(server.logs()).toContain(
      'could not start: cannot use the database at DATABASE_URL=postgres://postgres:***@127.0.0.1:1/nowhere',
    );
    expect(server.logs()).not.toContain('hunter2');
  });

  it('fills the compile cache without starting, so the real start strips no TypeScript', async () => {
    const cache = await tempDir();
    const dataDir = await tempDir();
    // Settings the real start refuses (the next test): compile-only never reads them.
    const compileOnly = startServerProcess(
      { NODE_COMPILE_CACHE: cache, PORT: 'seksen', DATA_DIR: dataDir },
      undefined,
      ['--compile-only'],
    );
    expect(await compileOnly.exited, compileOnly.logs()).toBe(0);
    expect(await readdir(dataDir)).toEqual([]);
    expect((await readdir(cache, { recursive: true })).length).toBeGreaterThan(100);

    const port = await freePort();
    const server = startServerProcess({
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      NODE_COMPILE_CACHE: cache,
      // Node reports each compile-cache look-up on stderr.
      NODE_DEBUG_NATIVE: 'COMPILE_CACHE',
    });
    try {
      expect(await server.healthy(), server.logs()).toBe(true);
      expect(server.logs()).toMatch(
        /retrieving transpile cache for StrippedTypeScript \S+\/main\.ts\.\.\.success/,
      );
      expect(server.logs()).not.toContain('no transpile cache for StrippedTypeScript');
    } finally {
      await server.kill('SIGTERM');
    }
  });

  it('fails fast naming every bad setting', async () => {
    const server = startServerProcess({
      PORT: 'seksen',
      DATABASE_URL: 'mysql://x',
      DATA_DIR: await tempDir(),
    });
    expect(await server.exited).toBe(1);
    expect(server.logs()).toMatch(/PORT: /);
    expect(server.logs()).toMatch(/DATABASE_URL: .*postgres/);
  });
});
