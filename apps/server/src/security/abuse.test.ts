// The public upload link turned against a running instance, each attack at a small size: quotas,
// hostile media, slow clients. bench/abuse.bench.ts runs the same attacks at full size.
import { readdir, readFile } from 'node:fs/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatMessage } from '@ani/contract/media';
import { messages } from '@ani/contract/messages';
import { events, media } from '../db/schema/index.ts';
import { videoLimits } from '../modules/media/media-tools.ts';
import { multipartBody, type BodyPart } from '../testing/multipart-body.ts';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { filesUnder } from '../testing/files-under.ts';
import { bearer, createActivatedUser, type TestUser } from '../testing/factories.ts';
import { mediaFixtures, type MediaFixtures } from '../testing/media-fixtures.ts';

const u = messages.upload;
let t: TestApp;
let owner: TestUser;
let f: MediaFixtures;
/** A real JPEG padded with zeros to this size: large enough that every other fixture fits beside it. */
const photoSize = 600_000;
let jpegHead: Buffer;

beforeAll(async () => {
  f = await mediaFixtures();
  jpegHead = await readFile(f.jpeg);
  t = await createTestApp({
    env: {
      // Two large photos fill an album's bytes; three items fill its count.
      EVENT_QUOTA_BYTES: String(2 * photoSize + 100),
      EVENT_QUOTA_ITEMS: '3',
      // An address may send about three large photos an hour.
      UPLOAD_BYTES_PER_IP_HOUR: String(3.5 * photoSize),
    },
    clientLimits: { minBodyBytes: 1024, minRateWindowMs: 300, parallelUploadsPerIp: 2 },
  });
  owner = await createActivatedUser(t);
});
afterAll(() => t.close());

async function newEvent(): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/events',
    headers: bearer(owner.token),
    payload: { title: 'Elif ile Can', eventDate: new Date().toISOString() },
  });
  return res.json().event.id;
}

type Kind = keyof Omit<MediaFixtures, 'dir'> | 'largePhoto';
const file = async (kind: Kind): Promise<BodyPart> =>
  kind === 'largePhoto'
    ? { name: 'files', filename: 'buyuk.jpg', head: jpegHead, size: photoSize }
    : { name: 'files', filename: path.basename(f[kind]), data: await readFile(f[kind]) };

async function upload(eventId: string, kinds: Kind[], remoteAddress = '10.3.0.1') {
  const parts: BodyPart[] = [{ name: 'uploader', value: 'Misafir' }, ...(await Promise.all(kinds.map(file)))];
  return t.app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/upload`,
    remoteAddress,
    ...multipartBody(parts),
  });
}

/** What the event holds: rows, counters and stored files; and whether any temp upload was left. */
async function holdings(eventId: string) {
  const [rows] = await t.db.select({ n: count() }).from(media).where(eq(media.eventId, eventId));
  const [event] = await t.db
    .select({ photoCount: events.photoCount, bytesUsed: events.bytesUsed })
    .from(events)
    .where(eq(events.id, eventId));
  return {
    rows: rows!.n,
    ...event,
    stored: (await filesUnder(path.join(t.config.dataDir, 'media', 'events', eventId))).length,
    temp: (await filesUnder(path.join(t.config.dataDir, 'tmp', 'uploads'))).length,
  };
}

function listen(): number {
  return (t.app.server.address() as AddressInfo).port;
}

describe('quotas', () => {
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it("refuses what would pass the album's byte quota, keeps nothing of it, and shows the owner the usage", async () => {
    const eventId = await newEvent();
    expect((await upload(eventId, ['largePhoto'])).statusCode).toBe(200);
    const over = await upload(eventId, ['largePhoto', 'largePhoto']);
    expect([over.statusCode, over.json().message]).toEqual([413, u.quotaBytes]);
    expect(await holdings(eventId)).toEqual({
      rows: 1,
      photoCount: 1,
      bytesUsed: photoSize,
      stored: 1,
      temp: 0,
    });
    // The twin: the one photo that still fits is accepted.
    expect((await upload(eventId, ['largePhoto'])).statusCode).toBe(200);
    const event = (await t.app.inject({ url: `/api/events/${eventId}`, headers: bearer(owner.token) })).json()
      .event;
    expect(event.usage).toEqual({ bytes: 2 * photoSize, maxBytes: 2 * photoSize + 100, maxItems: 3 });
    const full = await upload(eventId, ['gif']);
    expect([full.statusCode, full.json().message]).toEqual([413, u.quotaBytes]);
  });

  it('answers a declared body past the quota before a byte of it is sent', async () => {
    const eventId = await newEvent();
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest({
        port: listen(),
        host: '127.0.0.1',
        method: 'POST',
        path: `/api/events/${eventId}/upload`,
        headers: {
          'content-type': 'multipart/form-data; boundary=x',
          'content-length': String(50 * 1024 * 1024),
        },
      });
      req.on('response', (res: IncomingMessage) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, body: text }));
      });
      req.on('error', reject);
      req.flushHeaders(); // headers only: the body is never written
    });
    expect([status, JSON.parse(body).message]).toEqual([413, u.quotaBytes]);
    expect(await holdings(eventId)).toMatchObject({ rows: 0, bytesUsed: 0, stored: 0, temp: 0 });
  });

  it("refuses the item past the album's count, and accepts the one that fits", async () => {
    const eventId = await newEvent();
    expect((await upload(eventId, ['gif', 'gif'])).statusCode).toBe(200);
    const over = await upload(eventId, ['gif', 'gif']);
    expect([over.statusCode, over.json().message]).toEqual([413, u.quotaItems]);
    expect(await holdings(eventId)).toMatchObject({ rows: 2, photoCount: 2, stored: 2, temp: 0 });
    expect((await upload(eventId, ['gif'])).statusCode).toBe(200);
  });

  it('limits the bytes one address uploads per hour across events, not other addresses', async () => {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 20 && statuses.at(-1) !== 429; i++) {
      last = await upload(await newEvent(), ['largePhoto'], '10.4.0.1');
      statuses.push(last.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(last!.json().message).toBe(u.ipBudget);
    // Each accepted request counted its declared size (the photo plus a little framing).
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await upload(await newEvent(), ['largePhoto'], '10.4.0.2')).statusCode).toBe(200);
  });
});

describe("a resumable upload's bytes", () => {
  const photo = () => Buffer.concat([jpegHead, Buffer.alloc(photoSize - jpegHead.length)]);
  const b64 = (v: string) => Buffer.from(v).toString('base64');
  const select = (eventId: string, remoteAddress: string, size = photoSize) =>
    t.app.inject({
      method: 'POST',
      url: `/api/events/${eventId}/submissions`,
      remoteAddress,
      payload: { uploader: 'Misafir', files: [{ name: 'foto.jpg', size, type: 'image/jpeg' }] },
    });
  /** tus creation of the selection's one file, then its bytes in one PATCH. */
  async function sendSelected(submissionId: string, data: Buffer, remoteAddress: string) {
    const tus = { 'tus-resumable': '1.0.0' };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      remoteAddress,
      headers: {
        ...tus,
        'upload-length': String(data.length),
        'upload-metadata': `submissionId ${b64(submissionId)},filename ${b64('foto.jpg')}`,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    return t.app.inject({
      method: 'PATCH',
      url: created.headers.location as string,
      remoteAddress,
      headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      payload: data,
    });
  }

  it('count as they arrive: selections that send nothing cannot close an address to its guests', async () => {
    const venue = '10.4.1.1';
    // A stranger on the venue's shared address declares photos, more than its hour holds, and sends none.
    const stranger = await newEvent();
    for (let i = 0; i < 5; i++) expect((await select(stranger, venue)).statusCode).toBe(201);

    // Guests on the same address: four selections made, then sent; the bytes of three fit its hour.
    const selections = [];
    for (let i = 0; i < 4; i++) {
      const eventId = await newEvent();
      const res = await select(eventId, venue);
      expect(res.statusCode, res.body).toBe(201);
      selections.push({ eventId, id: res.json().submissionId as string });
    }
    for (const { eventId, id } of selections.slice(0, 3)) {
      expect((await sendSelected(id, photo(), venue)).statusCode).toBe(204);
      expect(await holdings(eventId)).toMatchObject({ rows: 1, stored: 1 });
    }
    // The fourth would pass the hour: refused before a byte of it is stored.
    const over = await sendSelected(selections[3]!.id, photo(), venue);
    expect([over.statusCode, over.body]).toEqual([429, u.ipBudget]);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(await holdings(selections[3]!.eventId)).toMatchObject({ rows: 0, stored: 0 });
    const late = await select(await newEvent(), venue);
    expect([late.statusCode, late.json().message]).toEqual([429, u.ipBudget]);
    // Another address is not affected.
    const elsewhere = await newEvent();
    const other = await select(elsewhere, '10.4.1.2');
    expect((await sendSelected(other.json().submissionId, photo(), '10.4.1.2')).statusCode).toBe(204);
    expect(await holdings(elsewhere)).toMatchObject({ rows: 1, stored: 1 });
  });
});

describe('the disk floor', () => {
  it('refuses uploads with 507 while the data disk is below MIN_FREE_DISK_BYTES; the twin is accepted', async () => {
    const low = await createTestApp({ env: { MIN_FREE_DISK_BYTES: String(2 ** 52) } });
    try {
      const host = await createActivatedUser(low);
      const eventId = (
        await low.app.inject({
          method: 'POST',
          url: '/api/events',
          headers: bearer(host.token),
          payload: { title: 'Elif ile Can', eventDate: new Date().toISOString() },
        })
      ).json().event.id;
      const body = multipartBody([{ name: 'uploader', value: 'Ali' }, await file('jpeg')]);
      const res = await low.app.inject({ method: 'POST', url: `/api/events/${eventId}/upload`, ...body });
      expect([res.statusCode, res.json().message]).toEqual([507, u.diskFull]);
      expect(await filesUnder(path.join(low.config.dataDir, 'media'))).toEqual([]);
    } finally {
      await low.close();
    }
    expect((await upload(await newEvent(), ['jpeg'], '10.5.0.1')).statusCode).toBe(200);
  });
});

describe('hostile media', () => {
  it('refuses a video beyond the dimension limits after ffprobe read it; a phone-sized video passes', async () => {
    const eventId = await newEvent();
    const res = await upload(eventId, ['hugeVideo'], '10.6.0.1');
    const reason = formatMessage(u.videoTooLarge, {
      width: videoLimits.maxWidth,
      height: videoLimits.maxHeight,
      minutes: videoLimits.maxDurationSeconds / 60,
    });
    expect([res.statusCode, res.json().message]).toEqual([400, reason]);
    expect(await holdings(eventId)).toMatchObject({ rows: 0, stored: 0, temp: 0 });
    expect((await upload(eventId, ['mp4'], '10.6.0.1')).statusCode).toBe(200);
  });

  it('refuses a truncated HEIC at upload, as it refuses a truncated AVIF; the whole HEIC passes', async () => {
    const eventId = await newEvent();
    const res = await upload(eventId, ['truncatedHeic'], '10.6.0.2');
    expect([res.statusCode, res.json().message]).toEqual([415, u.imageUnreadable]);
    expect(await holdings(eventId)).toMatchObject({ rows: 0, stored: 0, temp: 0 });
    expect((await upload(eventId, ['heic'], '10.6.0.2')).statusCode).toBe(200);
  });
});

describe('slow clients', () => {
  it('closes a body that drips in below the minimum rate, keeping nothing; a steady body is received', async () => {
    const eventId = await newEvent();
    const jpeg = await readFile(f.jpeg);
    const body = multipartBody([
      { name: 'uploader', value: 'Ali' },
      { name: 'files', filename: 'a.jpg', data: jpeg },
    ]);
    const all = Buffer.concat(await body.payload.toArray());
    const warn = vi.spyOn(t.app.log, 'warn');
    const req = httpRequest({
      port: listen(),
      host: '127.0.0.1',
      method: 'POST',
      // A query may carry a token: the guard's log line keeps the path only.
      path: `/api/events/${eventId}/upload?token=gizli-jeton`,
      headers: body.headers,
    });
    const closed = new Promise<number | null>((resolve) => {
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? null);
      });
      req.on('error', () => resolve(null));
    });
    let answered = false;
    void closed.then(() => (answered = true));
    // One byte every 50 ms: far below 1 KiB per 300 ms.
    for (let i = 0; i < all.length && !answered; i++) {
      req.write(all.subarray(i, i + 1));
      await sleep(50);
    }
    const status = await closed;
    expect(status === 408 || status === null).toBe(true);
    req.destroy();
    const logged = warn.mock.calls.find((call) => call[1] === 'request body too slow; connection closed');
    warn.mockRestore();
    expect(logged?.[0]).toMatchObject({ url: `/api/events/${eventId}/upload` });
    while ((await holdings(eventId)).temp > 0) await sleep(20);
    expect(await holdings(eventId)).toMatchObject({ rows: 0, stored: 0, temp: 0 });
    // The twin: the same body sent at once is stored.
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/events/${eventId}/upload`,
      payload: all,
      headers: body.headers,
    });
    expect(res.statusCode).toBe(200);
  });

  it('caps the uploads one address runs at once', async () => {
    const eventId = await newEvent();
    const held = [new PassThrough(), new PassThrough()];
    const body = multipartBody([{ name: 'uploader', value: 'Ali' }, await file('gif')]);
    const all = Buffer.concat(await body.payload.toArray());
    const running = held.map((payload) => {
      payload.write(all.subarray(0, 100));
      return t.app.inject({
        method: 'POST',
        url: `/api/events/${eventId}/upload`,
        remoteAddress: '10.7.0.1',
        headers: body.headers,
        payload,
      });
    });
    // Both held uploads are being received once each has its temp directory.
    const uploadsDir = path.join(t.config.dataDir, 'tmp', 'uploads');
    while ((await readdir(uploadsDir).catch(() => [])).length < 2) await sleep(20);
    const third = await t.app.inject({
      method: 'POST',
      url: `/api/events/${eventId}/upload`,
      remoteAddress: '10.7.0.1',
      headers: body.headers,
      payload: all,
    });
    expect([third.statusCode, third.json().message]).toEqual([429, u.tooManyParallel]);
    // Another address is not affected.
    expect((await upload(eventId, ['gif'], '10.7.0.2')).statusCode).toBe(200);
    for (const payload of held) payload.end(all.subarray(100));
    expect((await Promise.all(running)).map((r) => r.statusCode)).toEqual([200, 200]);
    // The slots are free again: the next upload gets past them (to the album's full count).
    const next = await upload(eventId, ['gif'], '10.7.0.1');
    expect([next.statusCode, next.json().message]).toEqual([413, u.quotaItems]);
  });
});
