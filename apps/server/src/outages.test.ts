import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@ani/contract/messages';
import { media } from './db/schema/index.ts';
import { multipartBody } from './testing/multipart-body.ts';
import { createTestApp, type TestApp } from './testing/create-test-app.ts';
import { bearer, createActivatedUser } from './testing/factories.ts';
import { freePort, startServerProcess, type ServerProcess } from './testing/server-process.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

/** A TCP hop in front of PostgreSQL that can drop every connection, like a database restart. */
async function startDatabaseProxy(target: URL) {
  const sockets = new Set<Socket>();
  let down = false;
  const server = createServer((client) => {
    if (down) return client.destroy();
    const upstream = connect(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    cut() {
      down = true;
      for (const s of sockets) s.destroy();
    },
    restore() {
      down = false;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe.skipIf(!adminUrl)('PostgreSQL restarting under a running server', () => {
  let admin: pg.Client;
  let dbName: string;
  let proxy: Awaited<ReturnType<typeof startDatabaseProxy>>;
  let server: ServerProcess;
  let dataDir: string;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    dbName = `ani_outage_${randomBytes(4).toString('hex')}`;
    await admin.query(`create database ${dbName}`);
    proxy = await startDatabaseProxy(new URL(adminUrl!));
    const viaProxy = new URL(adminUrl!);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    viaProxy.pathname = `/${dbName}`;
    dataDir = mkdtempSync(path.join(tmpdir(), 'ani-outage-'));
    server = startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: viaProxy.toString() }, await freePort());
    expect(await server.healthy(), server.logs()).toBe(true);
  }, 60_000);

  afterAll(async () => {
    await server?.kill('SIGTERM');
    await proxy?.close();
    await admin?.query(`drop database if exists ${dbName} with (force)`);
    await admin?.end();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers a clear Turkish 503 while the database is away and recovers by itself', async () => {
    const info = () => fetch(`${server.base}/api/events/00000000-0000-0000-0000-000000000000/info`);
    expect((await info()).status).toBe(404);

    proxy.cut();
    for (const res of [await info(), await fetch(`${server.base}/api/health`)]) {
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        success: false,
        message: messages.generic.unavailable,
        code: 'UNAVAILABLE',
      });
    }

    proxy.restore();
    let status = 0;
    for (let i = 0; i < 100 && status !== 404; i++) {
      status = (await info()).status;
      if (status !== 404) await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe(404);
    expect((await fetch(`${server.base}/api/health`)).status).toBe(200);
  });
});

// A real full disk: a tiny tmpfs as the data directory (needs root; skipped where mount is refused).
function mountTmpfs(sizeMb: number): string | null {
  const dir = mkdtempSync(path.join(tmpdir(), 'ani-full-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMb}m`, 'tmpfs', dir], { stdio: 'ignore' });
    return dir;
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
}
const canMount = (() => {
  const dir = mountTmpfs(1);
  if (!dir) return false;
  execFileSync('umount', [dir]);
  rmSync(dir, { recursive: true, force: true });
  return true;
})();

describe.skipIf(!canMount)('the media disk is full', () => {
  const mounts: string[] = [];
  afterAll(() => {
    for (const dir of mounts) {
      execFileSync('umount', ['-l', dir]);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  async function appOnDisk(sizeMb: number): Promise<{ t: TestApp; dataDir: string }> {
    const dataDir = mountTmpfs(sizeMb)!;
    mounts.push(dataDir);
    mkdirSync(path.join(dataDir, 'media'), { recursive: true });
    return { t: await createTestApp({ env: { DATA_DIR: dataDir } }), dataDir };
  }

  const filesUnder = (dir: string) =>
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => d.name);

  async function noisyJpeg(width: number, height: number): Promise<Buffer> {
    const raw = Buffer.alloc(width * height * 3);
    for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24;
    return sharp(raw, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 95 })
      .toBuffer();
  }

  // The declared size does not fit the free space: refused (507) before a byte is written; an
  // upload that runs out of space while receiving (ENOSPC) answers the same.
  it('fails the upload cleanly with a Turkish 507 and keeps nothing partial', async () => {
    const photo = await noisyJpeg(2000, 1500);
    const { t, dataDir } = await appOnDisk(Math.ceil(photo.length / 2 / (1024 * 1024)));
    try {
      const host = await createActivatedUser(t);
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/events',
        headers: bearer(host.token),
        payload: { title: 'Dolu Disk', eventDate: new Date().toISOString() },
      });
      const eventId = created.json().event.id as string;
      const body = multipartBody([
        { name: 'uploader', value: 'Misafir' },
        { name: 'files', filename: 'buyuk.jpg', contentType: 'image/jpeg', data: photo },
      ]);
      const res = await t.app.inject({ method: 'POST', url: `/api/events/${eventId}/upload`, ...body });
      expect(res.statusCode).toBe(507);
      expect(res.json().message).toBe(messages.upload.diskFull);
      const [rows] = await t.db.select({ n: count() }).from(media);
      expect(rows!.n).toBe(0);
      expect(filesUnder(path.join(dataDir, 'media'))).toEqual([]);
      // Refused before receiving: the temp directory may not even exist.
      const tmp = path.join(dataDir, 'tmp');
      expect(existsSync(tmp) ? filesUnder(tmp) : []).toEqual([]);
      const info = await t.app.inject({ method: 'GET', url: `/api/events/${eventId}/info` });
      expect(info.json().event.photoCount).toBe(0);
    } finally {
      await t.close();
    }
  });
});
