import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const mainFile = path.join(serverDir, 'src/main.ts');
const tempDirs: string[] = [];
afterAll(() => Promise.all(tempDirs.map((d) => rm(d, { recursive: true, force: true }))));

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function tempDir() {
  const dir = await mkdtemp(path.join(tmpdir(), 'ani-main-'));
  tempDirs.push(dir);
  return dir;
}

/** Runs `node src/main.ts` — what `npm start` runs after building the web app. */
function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, [mainFile], {
    cwd: serverDir,
    env: { PATH: process.env.PATH, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

// Quoted-printable bodies wrap long lines with "=\n" and encode "=" as "=3D".
const decodeQuotedPrintable = (s: string) => s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));

describe('the server process', () => {
  it('starts on the embedded database and completes register → activate → login → logout over HTTP', async () => {
    const port = await freePort();
    const dataDir = await tempDir();
    const server = startServer({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: `http://127.0.0.1:${port}` });
    const base = `http://127.0.0.1:${port}`;
    try {
      let health: Response | undefined;
      for (let attempt = 0; attempt < 300 && !health?.ok; attempt++) {
        health = await fetch(`${base}/api/health`).catch(() => undefined);
        if (!health?.ok) await new Promise((r) => setTimeout(r, 100));
      }
      expect(health?.status, server.output()).toBe(200);
      expect(await health!.json()).toEqual({ success: true, database: 'ok' });
      expect(health!.headers.get('x-content-type-options')).toBe('nosniff');
      expect(health!.headers.get('content-security-policy')).toContain("default-src 'self'");

      const registration = { username: 'Deniz Aydın', email: 'deniz@example.com', password: 'Dugun2026', phoneNumber: '05321112233' };
      const registered = await fetch(`${base}/api/users/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(registration),
      });
      expect(registered.status).toBe(201);

      const outbox = path.join(dataDir, 'outbox');
      const [file] = await readdir(outbox);
      const eml = decodeQuotedPrintable(await readFile(path.join(outbox, file!), 'utf8'));
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

      const log = server.output();
      expect(log).not.toContain('Dugun2026');
      expect(log).not.toContain(token);
    } finally {
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    }
  });

  it('fails fast with a clear message when DATABASE_URL cannot be reached', async () => {
    const server = startServer({
      PORT: '0',
      DATA_DIR: await tempDir(),
      DATABASE_URL: 'postgres://postgres:hunter2@127.0.0.1:1/nowhere',
    });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('could not start: cannot use the database at DATABASE_URL=postgres://postgres:***@127.0.0.1:1/nowhere');
    expect(server.output()).not.toContain('hunter2');
  });

  it('fails fast naming every bad setting', async () => {
    const server = startServer({ PORT: 'seksen', DATABASE_URL: 'mysql://x', DATA_DIR: await tempDir() });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/PORT: /);
    expect(server.output()).toMatch(/DATABASE_URL: .*postgres/);
  });
});
