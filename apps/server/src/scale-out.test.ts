import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from './testing/s3-server.ts';
import { freePort, startServerProcess, type ServerProcess } from './testing/server-process.ts';
import { firstOutboxMail } from './testing/outbox-files.ts';
import { openSse } from './testing/sse-client.ts';

// Two instances need one shared PostgreSQL: this runs in the PostgreSQL pass of the suite.
const adminUrl = process.env.TEST_DATABASE_URL;

type Instance = ServerProcess & { dataDir: string; stop: () => Promise<number | null> };

async function startInstance(env: Record<string, string>): Promise<Instance> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ani-instance-'));
  const server = startServerProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'info', ...env }, await freePort());
  await server.healthy();
  return {
    ...server,
    dataDir,
    stop: async () => {
      const code = await server.kill('SIGTERM');
      await rm(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

const json = (body: unknown) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

describe.skipIf(!adminUrl)('two instances on one PostgreSQL, one S3-compatible store and Redis', () => {
  let admin: pg.Client;
  let dbName: string;
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let a: Instance;
  let b: Instance;
  // The host and album the first test makes; the live-wall test goes on with them.
  let auth: Record<string, string> = {};
  let eventId = '';

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    dbName = `ani_scale_${randomBytes(4).toString('hex')}`;
    await admin.query(`create database ${dbName}`);
    const databaseUrl = new URL(adminUrl!);
    databaseUrl.pathname = `/${dbName}`;
    s3 = await startS3Server('ani-media');
    const shared = {
      DATABASE_URL: databaseUrl.toString(),
      STORAGE_URL: `s3://${s3.bucket}?endpoint=${encodeURIComponent(s3.endpoint)}&region=us-east-1`,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      SECRET_KEY: randomBytes(32).toString('hex'),
    };
    // Started together: the advisory lock lets exactly one migrate while the other waits.
    [a, b] = await Promise.all([startInstance(shared), startInstance(shared)]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await s3?.stop();
    await admin?.query(`drop database if exists ${dbName} with (force)`);
    await admin?.end();
  });

  it('a guest uploads through one, the host sees and downloads through the other; each job runs once', async () => {
    expect((await fetch(`${a.base}/api/health`)).status, a.logs()).toBe(200);
    expect((await fetch(`${b.base}/api/health`)).status, b.logs()).toBe(200);

    const host = {
      username: 'Ece Tan',
      email: 'ece@example.com',
      password: 'Dugun2026',
      phoneNumber: '05051234567',
    };
    expect((await fetch(`${a.base}/api/users/register`, json(host))).status).toBe(201);
    const mail = (await firstOutboxMail(a.dataDir)).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const token = /activate\?token=([A-Za-z0-9_-]+)/.exec(mail)![1]!;
    // The link was mailed by instance A and is followed on instance B.
    const activated = await fetch(`${b.base}/api/users/activate?token=${token}`, { redirect: 'manual' });
    expect(activated.headers.get('location')).toBe('/?hesap=activated');

    const login = (await (
      await fetch(`${b.base}/api/users/login`, json({ email: host.email, password: host.password }))
    ).json()) as {
      token: string;
    };
    auth = { authorization: `Bearer ${login.token}` };
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    const created = await fetch(`${b.base}/api/events`, {
      ...json({ title: 'Ece ve Can Düğünü', eventDate: tomorrow }),
      headers: { 'content-type': 'application/json', ...auth },
    });
    expect(created.status, await created.clone().text()).toBeLessThan(300);
    const createdBody = (await created.json()) as { event?: { id?: string; eventId?: string }; id?: string };
    eventId = createdBody.event?.id ?? createdBody.event?.eventId ?? createdBody.id ?? '';

    const form = new FormData();
    for (const color of ['#c0392b', '#2980b9']) {
      const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: color } })
        .jpeg()
        .toBuffer();
      form.append('files', new Blob([jpeg], { type: 'image/jpeg' }), `${color.slice(1)}.jpg`);
    }
    form.append('uploader', 'Misafir Ayşe');
    form.append('note', 'Mutluluklar!');
    const uploaded = await fetch(`${a.base}/api/events/${eventId}/upload`, { method: 'POST', body: form });
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);

    // Either instance may make the derived images; wait until both are processed.
    let photos: { url: string; processed: boolean; metadata: { note: string | null } }[] = [];
    for (let i = 0; i < 200; i++) {
      const res = await fetch(`${b.base}/api/events/${eventId}/photos?page=1&limit=12`, { headers: auth });
      const page = (await res.json()) as { photos: typeof photos };
      photos = page.photos;
      if (photos.length === 2 && photos.every((p) => p.processed)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(photos).toHaveLength(2);
    expect(photos.every((p) => p.processed)).toBe(true);
    expect(photos[0]!.metadata.note).toBe('Mutluluklar!');
    // Media come straight from the bucket by presigned URL.
    expect(photos[0]!.url.startsWith(s3.endpoint)).toBe(true);
    const thumb = await fetch(photos[0]!.url);
    expect(thumb.status).toBe(200);
    expect((await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).format).toBe('webp');

    const zip = await fetch(`${a.base}/api/events/${eventId}/download`, { headers: auth });
    expect(zip.status).toBe(200);
    const zipFile = path.join(tmpdir(), `ani-scale-${randomBytes(4).toString('hex')}.zip`);
    const bytes = Buffer.from(await zip.arrayBuffer());
    expect(bytes.length).toBe(Number(zip.headers.get('content-length')));
    await writeFile(zipFile, bytes);
    const listing = execFileSync('unzip', ['-Z1', zipFile], { encoding: 'utf8' }).trim().split('\n');
    await rm(zipFile);
    expect(listing).toHaveLength(3);
    expect(listing).toContain('notlar.csv');

    const jobsDone = (a.logs() + b.logs())
      .split('\n')
      .filter((line) => line.includes('"job done"') && line.includes('media.derive'))
      .map((line) => JSON.parse(line).jobId as string);
    expect(jobsDone).toHaveLength(2);
    expect(new Set(jobsDone).size).toBe(2);
  }, 120_000);

  it('a wall connected to one instance hears an upload made through the other within 2 s', async () => {
    expect(eventId).not.toBe('');
    const link = (await (
      await fetch(`${b.base}/api/events/${eventId}/wall-link`, { method: 'POST', headers: auth })
    ).json()) as { token: string };
    const stream = await openSse(
      `${b.base}/api/events/${eventId}/live?wall=${encodeURIComponent(link.token)}`,
    );
    try {
      expect(stream.status).toBe(200);
      const form = new FormData();
      const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#27ae60' } })
        .jpeg()
        .toBuffer();
      form.append('files', new Blob([jpeg], { type: 'image/jpeg' }), 'yesil.jpg');
      form.append('uploader', 'Misafir Deniz');
      const uploaded = await fetch(`${a.base}/api/events/${eventId}/upload`, { method: 'POST', body: form });
      expect(uploaded.status, await uploaded.clone().text()).toBe(200);
      const done = Date.now();
      const [id] = ((await uploaded.json()) as { uploaded: { id: string }[] }).uploaded.map((u) => u.id);

      // From the upload's answer to the event on the other instance: derivation, commit, NOTIFY, read.
      await expect.poll(() => stream.events.length, { timeout: 2000, interval: 20 }).toBe(1);
      const delay = Date.now() - done;
      const [event] = stream.events;
      expect(event!.event).toBe('photo');
      expect(JSON.parse(event!.data)).toMatchObject({ id, uploader: 'Misafir Deniz' });
      console.info(`live wall across instances: ${delay} ms from upload to event`);

      // And a deletion through the first instance reaches the same wall.
      const deleted = await fetch(`${a.base}/api/events/${eventId}/photo`, {
        method: 'DELETE',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ photoIds: [id] }),
      });
      expect(deleted.status).toBe(200);
      await expect.poll(() => stream.events.length, { timeout: 2000, interval: 20 }).toBe(2);
      expect(stream.events[1]).toMatchObject({ event: 'removed', data: JSON.stringify({ id }) });
    } finally {
      stream.close();
    }
  }, 60_000);
});
