import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { crc32 } from 'node:zlib';
import { asc, count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@ani/contract/messages';
import { events, jobs, media } from '../../db/schema/index.ts';
import { enqueue } from '../../jobs/jobs.ts';
import { createTestApp, type TestApp } from '../../testing/create-test-app.ts';
import { filesUnder } from '../../testing/files-under.ts';
import { bearer, createActivatedUser, type TestUser } from '../../testing/factories.ts';
import { mediaFixtures, type MediaFixtures } from '../../testing/media-fixtures.ts';
import { uploadRateLimit } from './media.module.ts';
import { multipartBody, type BodyPart } from '../../testing/multipart-body.ts';

const u = messages.upload;
let t: TestApp;
let owner: TestUser;
let f: MediaFixtures;

beforeAll(async () => {
  [t, f] = await Promise.all([createTestApp(), mediaFixtures()]);
  owner = await createActivatedUser(t);
});
afterAll(() => t.close());

async function newEvent(over: Record<string, unknown> = {}): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/events',
    headers: bearer(owner.token),
    payload: { title: 'Elif ile Can', eventDate: new Date().toISOString(), ...over },
  });
  return res.json().event.id;
}

const file = async (kind: keyof Omit<MediaFixtures, 'dir'>, filename?: string): Promise<BodyPart> => ({
  name: 'files',
  filename: filename ?? path.basename(f[kind]),
  contentType: 'image/jpeg',
  data: await readFile(f[kind]),
});

function upload(eventId: string, parts: BodyPart[]) {
  return t.app.inject({ method: 'POST', url: `/api/events/${eventId}/upload`, ...multipartBody(parts) });
}

/** Ali's upload of a good photo, then `rest`: a refusal must drop the photo already taken in too. */
async function uploadAfterPhoto(eventId: string, rest: BodyPart[]) {
  return upload(eventId, [{ name: 'uploader', value: 'Ali' }, await file('jpeg'), ...rest]);
}

async function countRows(eventId: string) {
  const [row] = await t.db.select({ n: count() }).from(media).where(eq(media.eventId, eventId));
  const [event] = await t.db
    .select({ photoCount: events.photoCount })
    .from(events)
    .where(eq(events.id, eventId));
  return { rows: row!.n, photoCount: event?.photoCount };
}

const storedFiles = (eventId: string) => filesUnder(path.join(t.config.dataDir, 'media', 'events', eventId));
const tempFiles = () => filesUnder(path.join(t.config.dataDir, 'tmp', 'uploads'));

async function expectNothingLeft(eventId: string) {
  expect(await countRows(eventId)).toEqual({ rows: 0, photoCount: 0 });
  expect(await storedFiles(eventId)).toEqual([]);
  expect(await tempFiles()).toEqual([]);
}

describe('POST /api/events/:id/upload', () => {
  it('stores the name and note without invisible formatting characters ("\u202egnp.exe" is not "exe.png")', async () => {
    const eventId = await newEvent();
    const res = await upload(eventId, [
      { name: 'uploader', value: '\u202egnp.exe' },
      { name: 'note', value: 'Mutlu\u200b yıllar \u2066👩\u200d❤\ufe0f\u200d👨\u2069' },
      await file('jpeg'),
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().uploaded[0].metadata).toMatchObject({
      uploader: 'gnp.exe',
      note: 'Mutlu yıllar 👩\u200d❤\ufe0f\u200d👨',
    });
    // Only invisible characters is no name at all.
    const blank = await upload(eventId, [
      { name: 'uploader', value: '\u200b\u202e\u200b' },
      await file('jpeg'),
    ]);
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(u.uploaderRequired);
  });

  it('accepts every supported format anonymously, detected from content, and counts them', async () => {
    const eventId = await newEvent();
    const kinds = ['jpeg', 'png', 'webp', 'gif', 'avif', 'heic', 'mp4', 'mov', 'webm'] as const;
    // Names and browser types are deliberately wrong: only the bytes decide.
    const parts = await Promise.all(kinds.map((k, i) => file(k, `dosya-${i}.bin`)));
    const res = await upload(eventId, [
      { name: 'uploader', value: '  Zeynep  ' },
      { name: 'note', value: 'Çok mutluyuz!' },
      ...parts,
    ]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe('9 dosya başarıyla yüklendi.');
    expect(body.uploaded.map((i: { mimeType: string }) => i.mimeType)).toEqual([
      'image/jpeg',
      'image/png',
      'image/webp',
      'image/gif',
      'image/avif',
      'image/heic',
      'video/mp4',
      'video/quicktime',
      'video/webm',
    ]);
    expect(body.uploaded.map((i: { key: string }) => i.key.split('.').pop())).toEqual([
      'jpg',
      'png',
      'webp',
      'gif',
      'avif',
      'heic',
      'mp4',
      'mov',
      'webm',
    ]);
    expect(body.uploaded[0].metadata).toMatchObject({ uploader: 'Zeynep', note: 'Çok mutluyuz!' });
    expect(await countRows(eventId)).toEqual({ rows: 9, photoCount: 9 });
    expect(await storedFiles(eventId)).toHaveLength(9);
    expect(await tempFiles()).toEqual([]);
    const info = await t.app.inject({ method: 'GET', url: `/api/events/${eventId}/info` });
    expect(info.json().event.photoCount).toBe(9);
  });

  it('stores a blank note as none, and fields may come after the files', async () => {
    const eventId = await newEvent();
    const res = await upload(eventId, [
      await file('jpeg'),
      { name: 'note', value: '   ' },
      { name: 'uploader', value: 'Ali' },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().uploaded[0].metadata).toMatchObject({ uploader: 'Ali', note: null });
  });

  it('stores a photo without where it was taken, keeping its rotation and date, with hashes of the stored bytes', async () => {
    const eventId = await newEvent();
    const exif = {
      IFD0: { Make: 'AniTestCam' },
      IFD2: { DateTimeOriginal: '2026:06:14 18:30:00' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '41/1 0/1 2952/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '28/1 58/1 4224/100',
      },
    };
    const photo = (withGps: boolean) =>
      sharp({ create: { width: 64, height: 48, channels: 3, background: withGps ? '#2563eb' : '#dc2626' } })
        .jpeg()
        .withMetadata({ orientation: 6 })
        .withExifMerge(withGps ? exif : { IFD0: exif.IFD0, IFD2: exif.IFD2 })
        .toBuffer();
    const [located, plain] = await Promise.all([photo(true), photo(false)]);
    // exiftool, an independent reader, reads the bytes from its input.
    const tagsOf = async (bytes: Buffer): Promise<Record<string, unknown>> => {
      const child = execFile('exiftool', ['-j', '-n', '-G1', '-']);
      let out = '';
      child.stdout!.on('data', (chunk: string) => (out += chunk));
      child.stdin!.end(bytes);
      await new Promise((resolve) => child.on('close', resolve));
      return (JSON.parse(out) as Record<string, unknown>[])[0]!;
    };
    expect(await tagsOf(located)).toMatchObject({ 'GPS:GPSLatitude': 41.0082, 'IFD0:Orientation': 6 });

    const res = await upload(eventId, [
      { name: 'uploader', value: 'Ali' },
      { name: 'files', filename: 'konumlu.jpg', contentType: 'image/jpeg', data: located },
      { name: 'files', filename: 'konumsuz.jpg', contentType: 'image/jpeg', data: plain },
    ]);
    expect(res.statusCode).toBe(200);
    const rows = await t.db
      .select()
      .from(media)
      .where(eq(media.eventId, eventId))
      .orderBy(asc(media.originalName));
    const stored = await Promise.all(
      rows.map((row) => readFile(path.join(t.config.dataDir, 'media', row.objectKey))),
    );
    for (const [i, row] of rows.entries()) {
      // Duplicates are found and the ZIP is written from these: they must be the stored bytes'.
      expect(row.sha256).toBe(createHash('sha256').update(stored[i]!).digest('hex'));
      expect(row.crc32).toBe(crc32(stored[i]!));
      expect(row.size).toBe(stored[i]!.length);
    }
    const [keptPlace, noPlace] = [stored[0]!, stored[1]!];
    const tags = await tagsOf(keptPlace);
    expect(Object.keys(tags).filter((key) => /GPS/i.test(key))).toEqual([]);
    expect(tags).toMatchObject({
      'IFD0:Make': 'AniTestCam',
      'IFD0:Orientation': 6,
      'ExifIFD:DateTimeOriginal': '2026:06:14 18:30:00',
    });
    expect(keptPlace.length).toBe(located.length);
    expect(await sharp(keptPlace).metadata()).toMatchObject({ format: 'jpeg', orientation: 6, width: 64 });
    await sharp(keptPlace).raw().toBuffer();
    // A photo that says nothing of its place is stored exactly as it came.
    expect(noPlace.equals(plain)).toBe(true);
  });

  it.each([
    ['svg', u.onlyImagesAndVideos],
    ['exe', u.onlyImagesAndVideos],
    ['html', u.typeUndetectable],
    ['text', u.typeUndetectable],
  ] as const)(
    'refuses %s content named as an image with 415 and keeps nothing of the request',
    async (kind, message) => {
      const eventId = await newEvent();
      const res = await upload(eventId, [
        { name: 'uploader', value: 'Ali' },
        await file('jpeg'),
        await file(kind, 'foto.jpg'),
      ]);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ success: false, message, code: 'UNSUPPORTED_MEDIA_TYPE' });
      await expectNothingLeft(eventId);
    },
  );

  it('refuses an empty file as undetectable', async () => {
    const eventId = await newEvent();
    const res = await upload(eventId, [
      { name: 'uploader', value: 'Ali' },
      { name: 'files', filename: 'bos.jpg', data: Buffer.alloc(0) },
    ]);
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(u.typeUndetectable);
  });

  it('refuses the 11th photo', async () => {
    const eventId = await newEvent();
    const jpeg = await file('jpeg');
    const ten = await upload(eventId, [{ name: 'uploader', value: 'Ali' }, ...Array(10).fill(jpeg)]);
    expect(ten.statusCode).toBe(200);
    const eleven = await upload(eventId, [{ name: 'uploader', value: 'Ali' }, ...Array(11).fill(jpeg)]);
    expect(eleven.statusCode).toBe(400);
    expect(eleven.json().message).toBe(u.maxPhotos);
    expect(await countRows(eventId)).toEqual({ rows: 10, photoCount: 10 });
    expect(await tempFiles()).toEqual([]);
  });

  it('refuses the 4th video', async () => {
    const eventId = await newEvent();
    const mp4 = await file('mp4');
    const res = await uploadAfterPhoto(eventId, [mp4, mp4, mp4, mp4]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(u.maxVideos);
    await expectNothingLeft(eventId);
  });

  it('refuses 100 MB + 1 byte with 413 while streaming', async () => {
    const eventId = await newEvent();
    const jpeg = await readFile(f.jpeg);
    const half = 50 * 1024 * 1024;
    const res = await upload(eventId, [
      { name: 'uploader', value: 'Ali' },
      { name: 'files', filename: 'a.jpg', head: jpeg, size: half },
      { name: 'files', filename: 'b.jpg', head: jpeg, size: half + 1 },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ success: false, message: u.maxTotalSize, code: 'PAYLOAD_TOO_LARGE' });
    await expectNothingLeft(eventId);
  });

  it('refuses a decompression bomb from its header', async () => {
    const eventId = await newEvent();
    const res = await upload(eventId, [{ name: 'uploader', value: 'Ali' }, await file('bomb')]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(u.imageTooLarge);
    await expectNothingLeft(eventId);
  });

  it('checks each image as it arrives, and still refuses for the first refused file once the body is in', async () => {
    const eventId = await newEvent();
    const bomb = await file('bomb');
    const res = await uploadAfterPhoto(eventId, [bomb, await file('jpeg')]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(u.imageTooLarge);
    await expectNothingLeft(eventId);
    // A body that fails after a refused image answers for the body, as when the checks came after it.
    const jpeg = await readFile(f.jpeg);
    const over = await upload(eventId, [
      { name: 'uploader', value: 'Ali' },
      bomb,
      { name: 'files', filename: 'b.jpg', head: jpeg, size: 100 * 1024 * 1024 + 1 },
    ]);
    expect(over.statusCode).toBe(413);
    await expectNothingLeft(eventId);
  });

  it.each([
    [[] as BodyPart[], u.uploaderRequired],
    [[{ name: 'uploader', value: '   ' }], u.uploaderRequired],
    [[{ name: 'uploader', value: 'A' }], u.nameMin],
    [
      [
        { name: 'uploader', value: 'Ali' },
        { name: 'note', value: 'n'.repeat(501) },
      ],
      u.noteMax,
    ],
  ])('validates the text fields: %j', async (fields, message) => {
    const eventId = await newEvent();
    const res = await upload(eventId, [...fields, await file('jpeg')]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    await expectNothingLeft(eventId);
  });

  it('needs at least one file and a multipart body', async () => {
    const eventId = await newEvent();
    const none = await upload(eventId, [{ name: 'uploader', value: 'Ali' }]);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(u.noFiles);
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/events/${eventId}/upload`,
      payload: { uploader: 'Ali' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe(u.notMultipart);
  });

  it('answers 403 when the host closed uploads and 404 for an unknown event', async () => {
    const eventId = await newEvent({ canAddPhotos: false });
    const closed = await upload(eventId, [{ name: 'uploader', value: 'Ali' }, await file('jpeg')]);
    expect(closed.statusCode).toBe(403);
    expect(closed.json().message).toBe(u.closed);
    expect(closed.json().message).toContain('Fotoğraf Yükleme Kapalı');
    await expectNothingLeft(eventId);
    const unknown = await upload('olmayan-etkinlik', [
      { name: 'uploader', value: 'Ali' },
      await file('jpeg'),
    ]);
    expect(unknown.statusCode).toBe(404);
  });

  it('keeps the count exact under 50 concurrent uploads', async () => {
    const eventId = await newEvent();
    const jpeg = await file('jpeg');
    // From several addresses: one address may only run a bounded number of uploads at once.
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: `/api/events/${eventId}/upload`,
          remoteAddress: `10.1.0.${i % 5}`,
          ...multipartBody([{ name: 'uploader', value: `Misafir ${i}` }, jpeg]),
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    expect(await countRows(eventId)).toEqual({ rows: 50, photoCount: 50 });
    // Each upload's clean-up safety net was withdrawn in its commit; only derive jobs remain.
    const pending = await t.db.select({ kind: jobs.kind }).from(jobs);
    expect(pending.filter((j) => j.kind === 'media.sweep-upload')).toEqual([]);
  });

  it('leaves nothing behind when the client disconnects mid-upload', async () => {
    const eventId = await newEvent();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const jpeg = await readFile(f.jpeg);
    const body = multipartBody([
      { name: 'uploader', value: 'Ali' },
      { name: 'files', filename: 'a.jpg', head: jpeg, size: 20 * 1024 * 1024 },
    ]);
    const req = httpRequest({
      port,
      host: '127.0.0.1',
      method: 'POST',
      path: `/api/events/${eventId}/upload`,
      headers: body.headers,
    });
    req.on('error', () => undefined);
    let sent = 0;
    for await (const chunk of body.payload) {
      if (!req.write(chunk)) await new Promise((resolve) => req.once('drain', resolve));
      sent += (chunk as Buffer).length;
      // Cut the connection once the server has certainly started writing the temp file.
      if (sent > 4 * 1024 * 1024 && (await tempFiles()).length > 0) break;
    }
    expect(await tempFiles()).not.toEqual([]);
    req.destroy();
    // The server notices the abort asynchronously; wait for its clean-up (the test's own timeout bounds this).
    while ((await tempFiles()).length > 0) await sleep(20);
    await expectNothingLeft(eventId);
  });

  it('removes objects of an upload that never committed (crash between store and commit)', async () => {
    const eventId = await newEvent();
    const [kept] = (await upload(eventId, [{ name: 'uploader', value: 'Ali' }, await file('jpeg')])).json()
      .uploaded;
    const orphan = `events/${eventId}/00000000-0000-4000-8000-000000000000.jpg`;
    await t.storage.put(orphan, Readable.from([Buffer.from('yarım kalmış')]));
    // What the upload schedules before storing; a crash means no commit ever withdraws it.
    await enqueue(t.db, 'media.sweep-upload', { keys: [orphan, kept.key] });
    await t.app.jobs.runUntilIdle();
    expect(await t.storage.stat(orphan)).toBeNull();
    expect(await t.storage.stat(kept.key)).not.toBeNull();
  });

  it('limits requests per IP', async () => {
    const eventId = await newEvent();
    let last = 0;
    for (let i = 0; i <= uploadRateLimit.limit && last !== 429; i++) {
      last = (
        await t.app.inject({
          method: 'POST',
          url: `/api/events/${eventId}/upload`,
          remoteAddress: '10.9.9.9',
          payload: {},
        })
      ).statusCode;
    }
    expect(last).toBe(429);
    const other = await upload(eventId, [{ name: 'uploader', value: 'Ali' }, await file('jpeg')]);
    expect(other.statusCode).toBe(200);
  });
});
