import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../testing/multipart-body.ts';
import { firstOutboxMail } from '../testing/outbox-files.ts';
import { freePort, startServerProcess, type ServerProcess } from '../testing/server-process.ts';
import { weddingBody } from '../testing/wedding-factories.ts';

const cli = path.join(path.dirname(fileURLToPath(import.meta.url)), 'backup-cli.ts');
const run = promisify(execFile);
const metricsToken = 'm'.repeat(32);
const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));
const tempDir = async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'ani-backup-'));
  dirs.push(dir);
  return dir;
};

/** `npm run backup|restore -- <file>` as npm runs it (Node 24, the repository's script), with only DATA_DIR set. */
function backupCli(command: 'backup' | 'restore', file: string, dataDir: string) {
  return run(process.execPath, [cli, command, file], { env: { PATH: process.env.PATH, DATA_DIR: dataDir } });
}

/** Every row of every table (schema migrations included), as sorted JSON per table. */
async function allRows(dbDir: string): Promise<Record<string, string[]>> {
  const db = await PGlite.create({ dataDir: dbDir });
  try {
    const tables = await db.query<{ name: string }>(
      `select quote_ident(table_schema) || '.' || quote_ident(table_name) as name from information_schema.tables
       where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`,
    );
    const out: Record<string, string[]> = {};
    for (const { name } of tables.rows) {
      const rows = await db.query<{ j: string }>(
        `select row_to_json(t)::text as j from ${name} t order by 1`,
      );
      out[name] = rows.rows.map((r) => r.j);
    }
    return out;
  } finally {
    await db.close();
  }
}

/** SHA-256 of every file under media/ plus the secret key, by relative path. */
async function storedFiles(dataDir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const root = path.join(dataDir, 'media');
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    out[path.relative(dataDir, file)] = createHash('sha256')
      .update(await readFile(file))
      .digest('hex');
  }
  out['secret-key'] = createHash('sha256')
    .update(await readFile(path.join(dataDir, 'secret-key')))
    .digest('hex');
  return out;
}

async function api(
  server: ServerProcess,
  method: string,
  url: string,
  options: { token?: string; body?: unknown } = {},
) {
  const res = await fetch(`${server.base}${url}`, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body ? { 'content-type': 'application/json' } : {}),
    },
    body: options.body ? JSON.stringify(options.body) : undefined,
    redirect: 'manual',
  });
  return res;
}

const decodeQuotedPrintable = (s: string) =>
  s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));

// Real server processes start, stop and restart here: minutes on a busy 2-core machine.
describe('restore drill: back up a running server, wipe, restore', { timeout: 300_000 }, () => {
  it('brings back every row and every stored byte, and the restored server serves the album', async () => {
    const dataDir = path.join(await tempDir(), 'data');
    const port = await freePort();
    const env = {
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'info',
    };
    let server = startServerProcess(env);
    expect(await server.healthy(), server.logs()).toBe(true);

    // A host, a wedding with guests, and an album of real uploads.
    const username = 'Deniz Aydın';
    expect(
      (
        await api(server, 'POST', '/api/users/register', {
          body: { username, email: 'deniz@example.com', password: 'Dugun2026', phoneNumber: '05321112233' },
        })
      ).status,
    ).toBe(201);
    const eml = decodeQuotedPrintable(await firstOutboxMail(dataDir));
    const link = /https?:\/\/\S+\/api\/users\/activate\?token=[A-Za-z0-9_-]+/.exec(eml)![0];
    expect((await fetch(link, { redirect: 'manual' })).status).toBe(302);
    const { token } = (await (
      await api(server, 'POST', '/api/users/login', { body: { email: username, password: 'Dugun2026' } })
    ).json()) as { token: string };
    const created = await api(server, 'POST', '/api/weddings/create', { token, body: weddingBody(username) });
    expect(created.status).toBe(201);
    const { weddingId, eventId } = (await created.json()) as { weddingId: string; eventId: string };
    for (const [i, name] of ['Ayşe Yılmaz', 'Mehmet Öz', 'Zeynep Kaya'].entries()) {
      const guest = await api(server, 'POST', '/api/guests', {
        token,
        body: {
          weddingId,
          name,
          phone: `0532 111 22 ${String(40 + i)}`,
          expectedGuestCount: i + 1,
          status: i === 0 ? 'katılacak' : 'belirsiz',
        },
      });
      expect(guest.status, await guest.clone().text()).toBe(201);
    }
    const photos = await Promise.all(
      [30, 120, 210].map((r) =>
        sharp({ create: { width: 320, height: 240, channels: 3, background: { r, g: 90, b: 160 } } })
          .jpeg()
          .toBuffer(),
      ),
    );
    const body = multipartBody([
      { name: 'uploader', value: 'Elif' },
      { name: 'note', value: 'Mutluluklar!' },
      ...photos.map((data, i) => ({
        name: 'files',
        filename: `foto-${i}.jpg`,
        contentType: 'image/jpeg',
        data,
      })),
    ]);
    const uploaded = await fetch(`${server.base}/api/events/${eventId}/upload`, {
      method: 'POST',
      headers: body.headers,
      body: await buffer(body.payload),
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);
    // Thumbnails and previews made, so the album is at rest when it is backed up.
    let album: { photos: { processed: boolean; originalUrl: string; thumbnailUrl: string | null }[] } = {
      photos: [],
    };
    for (let i = 0; i < 300; i++) {
      album = (await (
        await api(server, 'GET', `/api/events/${eventId}/photos`, { token })
      ).json()) as typeof album;
      if (album.photos.length === 3 && album.photos.every((p) => p.processed && p.thumbnailUrl)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(album.photos.every((p) => p.processed && p.thumbnailUrl)).toBe(true);
    // No job left to change a row between the backup and the comparison (mails, derivations).
    let busy = true;
    for (let i = 0; i < 300 && busy; i++) {
      const metrics = await (
        await fetch(`${server.base}/api/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })
      ).text();
      busy = /^ani_jobs\{[^}]*status="(pending|running)"[^}]*\} [1-9]/m.test(metrics);
      if (busy) await new Promise((r) => setTimeout(r, 100));
    }
    expect(busy).toBe(false);

    // Backed up while the server runs and keeps answering.
    const archive = path.join(await tempDir(), 'yedek.tar');
    const backingUp = backupCli('backup', archive, dataDir);
    expect((await api(server, 'GET', '/api/health')).status).toBe(200);
    const { stdout } = await backingUp;
    expect(stdout).toContain('Backup written by the running server');
    expect(stdout).toContain('9 media files'); // 3 originals, 3 thumbnails, 3 previews
    expect(server.logs()).toContain('backup written');

    expect(await server.kill('SIGTERM')).toBe(0);
    const rowsBefore = await allRows(path.join(dataDir, 'db'));
    const filesBefore = await storedFiles(dataDir);
    expect(rowsBefore['public.guests']).toHaveLength(3);
    expect(rowsBefore['public.media']).toHaveLength(3);
    expect(Object.keys(filesBefore)).toHaveLength(10);

    // Lost disk. A restore never writes into a DATA_DIR that holds anything …
    await rm(dataDir, { recursive: true });
    await mkdir(dataDir);
    await writeFile(path.join(dataDir, 'notes.txt'), 'x');
    await expect(backupCli('restore', archive, dataDir)).rejects.toMatchObject({
      stderr: expect.stringContaining('is not empty'),
    });
    expect(await readdir(dataDir)).toEqual(['notes.txt']);
    // … and fills an empty one.
    await rm(path.join(dataDir, 'notes.txt'));
    const restored = await backupCli('restore', archive, dataDir);
    expect(restored.stdout).toContain('9 media files, secret key');

    expect(await allRows(path.join(dataDir, 'db'))).toEqual(rowsBefore);
    expect(await storedFiles(dataDir)).toEqual(filesBefore);

    // The restored installation: the host's session, the album, the original bytes.
    server = startServerProcess(env);
    try {
      expect(await server.healthy(), server.logs()).toBe(true);
      const again = (await (
        await api(server, 'GET', `/api/events/${eventId}/photos`, { token })
      ).json()) as typeof album;
      expect(again.photos).toHaveLength(3);
      const served = await Promise.all(
        again.photos.map(async (p) =>
          createHash('sha256')
            .update(Buffer.from(await (await fetch(new URL(p.originalUrl, server.base))).arrayBuffer()))
            .digest('hex'),
        ),
      );
      expect(served.sort()).toEqual(photos.map((p) => createHash('sha256').update(p).digest('hex')).sort());
    } finally {
      expect(await server.kill('SIGTERM')).toBe(0);
    }
  });
});

describe('backup archive checks', { timeout: 180_000 }, () => {
  it('refuses a damaged archive and leaves the DATA_DIR empty', async () => {
    const dataDir = path.join(await tempDir(), 'data');
    // An installation with one stored object, backed up with no server running.
    const port = await freePort();
    const server = startServerProcess({ PORT: String(port), DATA_DIR: dataDir });
    expect(await server.healthy(), server.logs()).toBe(true);
    expect(await server.kill('SIGTERM')).toBe(0);
    await mkdir(path.join(dataDir, 'media', 'events', 'e1'), { recursive: true });
    await writeFile(path.join(dataDir, 'media', 'events', 'e1', 'a.jpg'), 'original bytes');
    const archive = path.join(await tempDir(), 'yedek.tar');
    const { stdout } = await backupCli('backup', archive, dataDir);
    expect(stdout).toContain('Backup written to');
    expect(stdout).toContain('1 media files');
    await expect(backupCli('backup', archive, dataDir)).rejects.toMatchObject({
      stderr: expect.stringContaining('already exists'),
    });

    const bytes = await readFile(archive);
    const at = bytes.indexOf('original bytes');
    expect(at).toBeGreaterThan(0);
    bytes.write('ORIGINAL', at);
    const damaged = path.join(path.dirname(archive), 'bozuk.tar');
    await writeFile(damaged, bytes);
    const target = path.join(await tempDir(), 'restored');
    await expect(backupCli('restore', damaged, target)).rejects.toMatchObject({
      stderr: expect.stringContaining('media/events/e1/a.jpg differs from the manifest'),
    });
    expect(await readdir(target)).toEqual([]);

    // The intact archive restores into the same, still empty, directory.
    await backupCli('restore', archive, target);
    expect(await readFile(path.join(target, 'media', 'events', 'e1', 'a.jpg'), 'utf8')).toBe(
      'original bytes',
    );
  });

  it('keeps a second server off a DATA_DIR that a server already runs on', async () => {
    const dataDir = await tempDir();
    const first = startServerProcess({ PORT: String(await freePort()), DATA_DIR: dataDir });
    try {
      expect(await first.healthy(), first.logs()).toBe(true);
      const second = startServerProcess({ PORT: String(await freePort()), DATA_DIR: dataDir });
      expect(await second.exited).toBe(1);
      expect(second.logs()).toContain('is in use by another process');
    } finally {
      expect(await first.kill('SIGTERM')).toBe(0);
    }
  });
});
