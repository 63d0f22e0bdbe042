import { createHash } from 'node:crypto';
import { appendFile, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { crc32 } from 'node:zlib';
import { and, count, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@ani/contract/messages';
import { limits } from '@ani/contract/limits';
import { tusChunkBytes } from '@ani/contract/uploads';
import { events, media } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../testing/create-test-app.ts';
import { bearer, createActivatedUser, type TestUser } from '../../testing/factories.ts';
import { mediaFixtures, type MediaFixtures } from '../../testing/media-fixtures.ts';

const u = messages.upload;
const s = messages.submissions;
const MB = 1024 * 1024;
let t: TestApp;
let owner: TestUser;
let f: MediaFixtures;

// The clock the app reads: real time plus an offset the expiry test moves.
let offset = 0;
const clock = () => new Date(Date.now() + offset);

beforeAll(async () => {
  [t, f] = await Promise.all([createTestApp({ clock }), mediaFixtures()]);
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

async function setOpen(eventId: string, canAddPhotos: boolean) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/events/update',
    headers: bearer(owner.token),
    payload: { eventId, canAddPhotos },
  });
  expect(res.statusCode).toBe(200);
}

type Declared = { name: string; size: number; type: string };
const photo = (i: number, size = 1000): Declared => ({ name: `foto-${i}.jpg`, size, type: 'image/jpeg' });
const video = (i: number, size = 1000): Declared => ({ name: `video-${i}.mp4`, size, type: 'video/mp4' });
const declare = (name: string, data: Buffer, type = 'image/jpeg'): Declared => ({
  name,
  size: data.length,
  type,
});

function submit(eventId: string, files: Declared[], over: Record<string, unknown> = {}, token?: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/submissions`,
    headers: token ? { 'x-guest-token': token } : {},
    payload: { uploader: 'Zeynep', note: 'Mutluluklar!', files, ...over },
  });
}

async function submitted(eventId: string, files: Declared[], token?: string) {
  const res = await submit(eventId, files, {}, token);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { submissionId: string; guestToken: string; expiresAt: string };
}

const b64 = (v: string) => Buffer.from(v).toString('base64');
const tusHeaders = { 'tus-resumable': '1.0.0' };

/** tus creation (POST) of one declared file; answers the upload's path. */
async function create(submissionId: string, name: string, length: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: {
      ...tusHeaders,
      'upload-length': String(length),
      'upload-metadata': `submissionId ${b64(submissionId)},filename ${b64(name)},filetype ${b64('image/jpeg')}`,
    },
  });
  return { res, location: res.headers.location as string | undefined };
}

function patch(location: string, offset: number, data: Buffer) {
  return t.app.inject({
    method: 'PATCH',
    url: location,
    headers: {
      ...tusHeaders,
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    payload: data,
  });
}

/** One whole file: created, then sent in chunks; answers the response that completed it. */
async function send(submissionId: string, name: string, data: Buffer) {
  const { res, location } = await create(submissionId, name, data.length);
  expect(res.statusCode, res.body).toBe(201);
  let last = res;
  for (let offset = 0; offset < data.length; offset += tusChunkBytes) {
    last = await patch(location!, offset, data.subarray(offset, offset + tusChunkBytes));
    if (last.statusCode !== 204) break;
  }
  return Object.assign(last, { location });
}

async function album(eventId: string) {
  const rows = await t.db.select().from(media).where(eq(media.eventId, eventId));
  const [event] = await t.db.select({ n: events.photoCount }).from(events).where(eq(events.id, eventId));
  return { rows, photoCount: event!.n };
}

/** What the tus store still holds of these uploads (bytes or their record). */
async function staged(...locations: (string | undefined)[]): Promise<string[]> {
  const ids = new Set(locations.map((l) => l!.split('/').pop()!));
  return (await readdir(path.join(t.config.dataDir, 'tus'))).filter((n) => ids.has(n.replace(/\.json$/, '')));
}

/** The originals stored under an event's prefix (derived images are made by jobs these tests do not run). */
async function storedOriginals(eventId: string): Promise<string[]> {
  const dir = path.join(t.config.dataDir, 'media', 'events', eventId);
  return (await readdir(dir).catch(() => [])).sort();
}

/**
 * Runs `work`, whose uploads' commits would otherwise finish milliseconds apart, so that `commits` of
 * them meet: on PostgreSQL the event's row is held locked (as a host's edit of the event holds it)
 * until that many transactions wait for it, then let go, and they all go on at once. PGlite runs
 * one transaction at a time anyway: there `work` just runs.
 */
async function commitsMet<T>(eventId: string, commits: number, work: () => Promise<T>): Promise<T> {
  if (!process.env.TEST_DATABASE_URL) return work();
  let done!: Promise<T>;
  let settled = false;
  await t.db.transaction(async (tx) => {
    await tx.select({ id: events.id }).from(events).where(eq(events.id, eventId)).for('update');
    done = work();
    done.then(
      () => (settled = true),
      () => (settled = true),
    );
    // Asked on the holding connection: the waiting commits may hold every other one of the pool.
    const waiting = async () => {
      // Within a transaction the activity view keeps its first reading unless told to read again.
      await tx.execute(sql`select pg_stat_clear_snapshot()`);
      const result = await tx.execute(
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      );
      return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
    };
    while (!settled && (await waiting()) < commits) await sleep(5);
  });
  return done;
}

describe('POST /api/events/:eventId/submissions checks the selection once', () => {
  it('refuses 11 photos and takes 10', async () => {
    const eventId = await newEvent();
    const eleven = await submit(
      eventId,
      Array.from({ length: 11 }, (_, i) => photo(i)),
    );
    expect(eleven.statusCode).toBe(400);
    expect(eleven.json().message).toBe(u.maxPhotos);
    await submitted(
      eventId,
      Array.from({ length: 10 }, (_, i) => photo(i)),
    );
  });

  it('refuses 4 videos and takes 3 (with 10 photos beside them)', async () => {
    const eventId = await newEvent();
    const photos = Array.from({ length: 10 }, (_, i) => photo(i));
    const four = await submit(eventId, [...photos, ...[1, 2, 3, 4].map((i) => video(i))]);
    expect(four.statusCode).toBe(400);
    expect(four.json().message).toBe(u.maxVideos);
    await submitted(eventId, [...photos, ...[1, 2, 3].map((i) => video(i))]);
  });

  it('refuses 101 MB in total with 413 and takes exactly 100 MB', async () => {
    const eventId = await newEvent();
    const over = await submit(eventId, [photo(1, 51 * MB), photo(2, 50 * MB)]);
    expect(over.statusCode).toBe(413);
    expect(over.json().message).toBe(u.maxTotalSize);
    await submitted(eventId, [photo(1, 50 * MB), photo(2, limits.maxUploadBytes - 50 * MB)]);
  });

  it('refuses an empty file with its reason before any byte, and takes a one-byte one', async () => {
    const eventId = await newEvent();
    const empty = await submit(eventId, [photo(1), photo(2, 0)]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(u.emptyFile);
    await submitted(eventId, [photo(1), photo(2, 1)]);
  });

  it('refuses a one-letter name and takes two letters', async () => {
    const eventId = await newEvent();
    const short = await submit(eventId, [photo(1)], { uploader: 'Z' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(u.nameMin);
    expect((await submit(eventId, [photo(1)], { uploader: 'Zo' })).statusCode).toBe(201);
  });

  it('refuses while uploads are closed with the multipart path’s 403, and takes again once reopened', async () => {
    const eventId = await newEvent();
    await setOpen(eventId, false);
    const closed = await submit(eventId, [photo(1)]);
    expect(closed.statusCode).toBe(403);
    expect(closed.json().message).toBe(u.closed);
    await setOpen(eventId, true);
    await submitted(eventId, [photo(1)]);
  });

  it('answers an unknown event with 404', async () => {
    const res = await submit('yok-boyle-bir-etkinlik', [photo(1)]);
    expect(res.statusCode).toBe(404);
  });

  it('keeps the phone’s guest id when its token comes back, and issues a new one for a forged token', async () => {
    const eventId = await newEvent();
    const first = await submitted(eventId, [photo(1)]);
    const again = await submitted(eventId, [photo(2)], first.guestToken);
    expect(again.guestToken).toBe(first.guestToken);
    const forged = await submitted(eventId, [photo(3)], `${first.guestToken.split('.')[0]}.AAAA`);
    expect(forged.guestToken).not.toBe(first.guestToken);
    // A token of another event is not this event's.
    const otherEvent = await newEvent();
    const elsewhere = await submitted(otherEvent, [photo(1)], first.guestToken);
    expect(elsewhere.guestToken).not.toBe(first.guestToken);
    expect(Date.parse(first.expiresAt) - Date.now()).toBeGreaterThan(23 * 3600_000);
  });
});

describe('a guest token that is not valid', () => {
  it('makes an over-long token a new anonymous guest, never a refusal, and finds no submission with it', async () => {
    const eventId = await newEvent();
    const first = await submitted(eventId, [photo(1)]);
    const long = `${first.guestToken}${'A'.repeat(300)}`;
    const res = await submit(eventId, [photo(2)], {}, long);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().guestToken).not.toBe(first.guestToken);
    // The status answers it what it answers a forged token; the phone's own token still sees it.
    const url = `/api/events/${eventId}/submissions/${first.submissionId}`;
    const refused = await t.app.inject({ method: 'GET', url, headers: { 'x-guest-token': long } });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(s.notFound);
    const own = await t.app.inject({ method: 'GET', url, headers: { 'x-guest-token': first.guestToken } });
    expect(own.statusCode).toBe(200);
  });
});

describe('tus’s own refusals', () => {
  it('answer in Turkish with the protocol’s status; the well-formed requests go through', async () => {
    const eventId = await newEvent();
    const jpeg = await readFile(f.jpeg);
    const sub = await submitted(eventId, [declare('a.jpg', jpeg)]);
    const metadata = `submissionId ${b64(sub.submissionId)},filename ${b64('a.jpg')},filetype ${b64('image/jpeg')}`;
    const post = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/uploads', headers });
    const refusals: [string, Awaited<ReturnType<typeof post>>, number, string][] = [
      // Malformed headers, refused by the protocol's checks before any handler.
      [
        'Upload-Length: abc',
        await post({ ...tusHeaders, 'upload-length': 'abc', 'upload-metadata': metadata }),
        400,
        s.protocolInvalid,
      ],
      [
        'bad Upload-Metadata',
        await post({ ...tusHeaders, 'upload-length': String(jpeg.length), 'upload-metadata': 'a b c' }),
        400,
        s.protocolInvalid,
      ],
      [
        'no Tus-Resumable',
        await post({ 'upload-length': String(jpeg.length), 'upload-metadata': metadata }),
        412,
        s.protocolInvalid,
      ],
      // Refusals the handlers raise.
      [
        'no Upload-Length',
        await post({ ...tusHeaders, 'upload-metadata': metadata }),
        400,
        s.protocolInvalid,
      ],
      [
        'no Upload-Metadata (no submission named)',
        await post({ ...tusHeaders, 'upload-length': String(jpeg.length) }),
        404,
        s.notFound,
      ],
      [
        'Upload-Concat',
        await post({ ...tusHeaders, 'upload-concat': 'partial', 'upload-length': '10' }),
        501,
        s.unsupportedMethod,
      ],
    ];
    for (const [what, res, status, text] of refusals) {
      expect(res.statusCode, what).toBe(status);
      expect(res.body, what).toBe(text);
    }
    // What OPTIONS offers is what creation takes: a deferred length is refused, and not offered.
    const deferred = await post({ ...tusHeaders, 'upload-defer-length': '1', 'upload-metadata': metadata });
    expect(deferred.statusCode).toBe(501);
    expect(deferred.body).toBe(s.unsupportedMethod);
    const options = await t.app.inject({ method: 'OPTIONS', url: '/api/uploads' });
    expect(options.statusCode).toBe(204);
    expect(String(options.headers['tus-extension']).split(',').sort()).toEqual([
      'creation',
      'creation-with-upload',
      'expiration',
      'termination',
    ]);

    const { res: created, location } = await create(sub.submissionId, 'a.jpg', jpeg.length);
    expect(created.statusCode).toBe(201);
    const noOffset = await t.app.inject({
      method: 'PATCH',
      url: location!,
      headers: { ...tusHeaders, 'content-type': 'application/offset+octet-stream' },
      payload: jpeg,
    });
    expect(noOffset.statusCode).toBe(403);
    expect(noOffset.body).toBe(s.protocolInvalid);
    const done = await patch(location!, 0, jpeg);
    expect(done.statusCode).toBe(204);
    expect(done.headers['upload-outcome']).toBe('accepted');
  });
});

describe('tus uploads of a submission’s files', () => {
  it('lands a declared file, tells it was accepted and records the phone’s guest id', async () => {
    const eventId = await newEvent();
    const jpeg = await readFile(f.jpeg);
    const sub = await submitted(eventId, [declare('dugun.jpg', jpeg)]);
    const done = await send(sub.submissionId, 'dugun.jpg', jpeg);
    expect(done.statusCode).toBe(204);
    expect(done.headers['upload-outcome']).toBe('accepted');
    const { rows, photoCount } = await album(eventId);
    expect(photoCount).toBe(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ uploader: 'Zeynep', note: 'Mutluluklar!', originalName: 'dugun.jpg' });
    expect(rows[0]!.guestId).toBe(sub.guestToken.split('.')[0]);
    expect(await staged(done.location)).toEqual([]);

    const status = await t.app.inject({
      method: 'GET',
      url: `/api/events/${eventId}/submissions/${sub.submissionId}`,
      headers: { 'x-guest-token': sub.guestToken },
    });
    expect(status.statusCode).toBe(200);
    expect(status.json().files).toEqual([
      { name: 'dugun.jpg', size: jpeg.length, state: 'accepted', offset: jpeg.length, reason: null },
    ]);
  });

  it('takes a file sent whole in its creation request (creation-with-upload), and one whose creation brought only its start', async () => {
    const eventId = await newEvent();
    const jpeg = await readFile(f.jpeg);
    const other = await readFile(f.png);
    const sub = await submitted(eventId, [declare('tek.jpg', jpeg), declare('yarim.png', other)]);
    const createWith = (name: string, length: number, body: Buffer) =>
      t.app.inject({
        method: 'POST',
        url: '/api/uploads',
        headers: {
          ...tusHeaders,
          'upload-length': String(length),
          'upload-metadata': `submissionId ${b64(sub.submissionId)},filename ${b64(name)},filetype ${b64('image/jpeg')}`,
          'content-type': 'application/offset+octet-stream',
        },
        payload: body,
      });

    const whole = await createWith('tek.jpg', jpeg.length, jpeg);
    expect(whole.statusCode, whole.body).toBe(201);
    expect(whole.headers['upload-offset']).toBe(String(jpeg.length));
    expect(whole.headers['upload-outcome']).toBe('accepted');
    expect(whole.headers.location).toMatch(/^\/api\/uploads\//);
    expect(await staged(whole.headers.location as string)).toEqual([]);

    const half = Math.floor(other.length / 2);
    const started = await createWith('yarim.png', other.length, other.subarray(0, half));
    expect(started.statusCode, started.body).toBe(201);
    expect(started.headers['upload-offset']).toBe(String(half));
    expect(started.headers['upload-outcome']).toBeUndefined();
    const rest = await patch(started.headers.location as string, half, other.subarray(half));
    expect(rest.statusCode).toBe(204);
    expect(rest.headers['upload-outcome']).toBe('accepted');

    const { rows, photoCount } = await album(eventId);
    expect(photoCount).toBe(2);
    expect(rows.map((r) => r.originalName).sort()).toEqual(['tek.jpg', 'yarim.png']);
  });

  it('answers the status only to the phone that made the submission', async () => {
    const eventId = await newEvent();
    const sub = await submitted(eventId, [photo(1)]);
    const other = await submitted(eventId, [photo(2)]);
    const url = `/api/events/${eventId}/submissions/${sub.submissionId}`;
    for (const headers of [{}, { 'x-guest-token': other.guestToken }, { 'x-guest-token': 'abc.def' }]) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(s.notFound);
    }
    const own = await t.app.inject({ method: 'GET', url, headers: { 'x-guest-token': sub.guestToken } });
    expect(own.json().files[0]).toMatchObject({ state: 'waiting', offset: 0 });
  });

  it('refuses a file of another size, one more than declared, and an unknown submission; the same file again starts over', async () => {
    const eventId = await newEvent();
    const sub = await submitted(eventId, [photo(1, 500)]);
    const wrongSize = await create(sub.submissionId, 'foto-1.jpg', 501);
    expect(wrongSize.res.statusCode).toBe(400);
    expect(wrongSize.res.body).toBe(s.fileNotDeclared);
    const right = await create(sub.submissionId, 'foto-1.jpg', 500);
    expect(right.res.statusCode).toBe(201);
    const extra = await create(sub.submissionId, 'baska.jpg', 500);
    expect(extra.res.statusCode).toBe(400);
    expect(extra.res.body).toBe(s.tooManyFiles);
    // The same file created again (the first creation's answer was lost) starts over in its slot.
    expect((await patch(right.location!, 0, Buffer.alloc(100))).statusCode).toBe(204);
    const again = await create(sub.submissionId, 'foto-1.jpg', 500);
    expect(again.res.statusCode).toBe(201);
    expect(
      (await t.app.inject({ method: 'HEAD', url: right.location!, headers: tusHeaders })).statusCode,
    ).toBe(404);
    expect(await staged(right.location)).toEqual([]);
    // Its bytes held by another instance (none here): created on this one, it starts over too.
    const id = again.location!.split('/').pop()!;
    for (const name of [id, `${id}.json`]) await rm(path.join(t.config.dataDir, 'tus', name));
    const elsewhere = await create(sub.submissionId, 'foto-1.jpg', 500);
    expect(elsewhere.res.statusCode).toBe(201);
    // Received and judged here: 500 zero bytes are no photo.
    const judged = await patch(elsewhere.location!, 0, Buffer.alloc(500));
    expect(judged.statusCode).toBe(415);
    expect(judged.body).toBe(u.typeUndetectable);
    const unknown = await create('00000000-0000-0000-0000-000000000000', 'foto-1.jpg', 500);
    expect(unknown.res.statusCode).toBe(404);
    expect(unknown.res.body).toBe(s.notFound);
  });

  it('refuses bytes past the declared size, keeps what was acknowledged, and takes the exact rest', async () => {
    const eventId = await newEvent();
    const jpeg = await readFile(f.jpeg);
    const sub = await submitted(eventId, [declare('a.jpg', jpeg)]);
    const { location } = await create(sub.submissionId, 'a.jpg', jpeg.length);
    const half = Math.floor(jpeg.length / 2);
    expect((await patch(location!, 0, jpeg.subarray(0, half))).statusCode).toBe(204);
    const tooMuch = await patch(location!, half, Buffer.concat([jpeg.subarray(half), Buffer.alloc(10)]));
    expect(tooMuch.statusCode).toBe(413);
    expect(tooMuch.body).toBe(s.fileSizeExceeded);
    const head = await t.app.inject({ method: 'HEAD', url: location!, headers: tusHeaders });
    expect(head.headers['upload-offset']).toBe(String(half));
    const rest = await patch(location!, half, jpeg.subarray(half));
    expect(rest.headers['upload-outcome']).toBe('accepted');
    expect((await album(eventId)).photoCount).toBe(1);
  });

  it('refuses a chunk over 8 MiB and takes one of 8 MiB', async () => {
    const eventId = await newEvent();
    const sub = await submitted(eventId, [photo(1, 9 * MB)]);
    const { location } = await create(sub.submissionId, 'foto-1.jpg', 9 * MB);
    const big = await patch(location!, 0, Buffer.alloc(tusChunkBytes + 1));
    expect(big.statusCode).toBe(413);
    expect(big.body).toBe(s.chunkTooLarge);
    // A photo's first bytes, then padding: the type check after the first chunk lets it go on.
    const jpeg = await readFile(f.jpeg);
    const chunk = Buffer.alloc(tusChunkBytes);
    jpeg.copy(chunk);
    expect((await patch(location!, 0, chunk)).statusCode).toBe(204);
  });

  it('refuses a file that is no photo or video once its first bytes arrive, not after its last', async () => {
    const eventId = await newEvent();
    const jpeg = await readFile(f.jpeg);
    const sub = await submitted(eventId, [photo(1, 3 * MB), declare('a.jpg', jpeg)]);
    const { location } = await create(sub.submissionId, 'foto-1.jpg', 3 * MB);
    // 64 KiB of a "photo" that is a text file: the rest is not waited for.
    const refused = await patch(
      location!,
      0,
      Buffer.from('bu bir fotoğraf değil '.repeat(3000)).subarray(0, 65_536),
    );
    expect(refused.statusCode).toBe(415);
    expect(refused.body).toBe(u.typeUndetectable);
    expect(await staged(location)).toEqual([]);
    const head = await t.app.inject({ method: 'HEAD', url: location!, headers: tusHeaders });
    expect(head.statusCode).toBe(410);
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/events/${eventId}/submissions/${sub.submissionId}`,
      headers: { 'x-guest-token': sub.guestToken },
    });
    expect(status.json().files[0]).toMatchObject({ state: 'refused', reason: u.typeUndetectable });
    // A real photo's first chunk goes on as before, and lands.
    const { location: good } = await create(sub.submissionId, 'a.jpg', jpeg.length);
    expect((await patch(good!, 0, jpeg.subarray(0, 5000))).statusCode).toBe(204);
    expect((await patch(good!, 5000, jpeg.subarray(5000))).headers['upload-outcome']).toBe('accepted');
  });

  it('refuses the PATCHes of a submission once uploads close, and no more files after', async () => {
    const eventId = await newEvent();
    const jpeg = await readFile(f.jpeg);
    const png = await readFile(f.png);
    const webp = await readFile(f.webp);
    const sub = await submitted(eventId, [
      declare('a.jpg', jpeg),
      declare('b.png', png),
      declare('c.webp', webp),
    ]);
    expect((await send(sub.submissionId, 'a.jpg', jpeg)).headers['upload-outcome']).toBe('accepted');
    const { location } = await create(sub.submissionId, 'b.png', png.length);
    expect((await patch(location!, 0, png.subarray(0, 100))).statusCode).toBe(204);
    await setOpen(eventId, false);
    const refused = await patch(location!, 100, png.subarray(100));
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toBe(u.closed);
    const third = await create(sub.submissionId, 'c.webp', webp.length);
    expect(third.res.statusCode).toBe(403);
    expect(await staged(location)).toEqual([]);
    expect((await album(eventId)).photoCount).toBe(1);
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/events/${eventId}/submissions/${sub.submissionId}`,
      headers: { 'x-guest-token': sub.guestToken },
    });
    expect(status.json().files.map((x: { state: string }) => x.state)).toEqual([
      'accepted',
      'refused',
      'waiting',
    ]);
    expect(status.json().files[1].reason).toBe(u.closed);
  });

  it('lands the JPEGs of a submission and refuses the JPEG XL among them by name, with its reason', async () => {
    const eventId = await newEvent();
    const jpeg = await readFile(f.jpeg);
    const jxl = await readFile(f.jxl);
    const other = await readFile(f.truncatedJpeg);
    const sub = await submitted(eventId, [
      declare('bir.jpg', jpeg),
      declare('iki.jxl', jxl, 'image/jxl'),
      declare('uc.jpg', other),
    ]);
    expect((await send(sub.submissionId, 'bir.jpg', jpeg)).headers['upload-outcome']).toBe('accepted');
    const refused = await send(sub.submissionId, 'iki.jxl', jxl);
    expect(refused.statusCode).toBe(415);
    expect(await staged(refused.location)).toEqual([]);
    expect(refused.body).toBe(u.onlyImagesAndVideos);
    expect((await send(sub.submissionId, 'uc.jpg', other)).headers['upload-outcome']).toBe('accepted');
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/events/${eventId}/submissions/${sub.submissionId}`,
      headers: { 'x-guest-token': sub.guestToken },
    });
    expect(status.json().files).toMatchObject([
      { name: 'bir.jpg', state: 'accepted' },
      { name: 'iki.jxl', state: 'refused', reason: u.onlyImagesAndVideos },
      { name: 'uc.jpg', state: 'accepted' },
    ]);
    const { rows, photoCount } = await album(eventId);
    expect(photoCount).toBe(2);
    expect(rows.map((r) => r.originalName).sort()).toEqual(['bir.jpg', 'uc.jpg']);
  });

  it('refuses a HEIC cut off in transfer and takes the whole one', async () => {
    const eventId = await newEvent();
    const cut = await readFile(f.truncatedHeic);
    const whole = await readFile(f.heic);
    const sub = await submitted(eventId, [
      declare('kesik.heic', cut, 'image/heic'),
      declare('tam.heic', whole, 'image/heic'),
    ]);
    const refused = await send(sub.submissionId, 'kesik.heic', cut);
    expect(refused.statusCode).toBe(415);
    expect(refused.body).toBe(u.imageUnreadable);
    expect((await send(sub.submissionId, 'tam.heic', whole)).headers['upload-outcome']).toBe('accepted');
  });

  it('tells a duplicate, stores it once, and leaves the count alone', async () => {
    const eventId = await newEvent();
    const jpeg = await readFile(f.jpeg);
    const png = await readFile(f.png);
    const first = await submitted(eventId, [declare('a.jpg', jpeg)]);
    expect((await send(first.submissionId, 'a.jpg', jpeg)).headers['upload-outcome']).toBe('accepted');
    const second = await submitted(eventId, [declare('ayni.jpg', jpeg), declare('yeni.png', png)]);
    const dup = await send(second.submissionId, 'ayni.jpg', jpeg);
    expect(dup.statusCode).toBe(204);
    expect(dup.headers['upload-outcome']).toBe('duplicate');
    expect((await send(second.submissionId, 'yeni.png', png)).headers['upload-outcome']).toBe('accepted');
    const { rows, photoCount } = await album(eventId);
    expect(photoCount).toBe(2);
    expect(rows).toHaveLength(2);
    const sha = rows.find((r) => r.originalName === 'a.jpg')!.sha256;
    const [stored] = await t.db
      .select({ n: count() })
      .from(media)
      .where(and(eq(media.eventId, eventId), eq(media.sha256, sha)));
    expect(stored!.n).toBe(1);
    expect(await staged(dup.location)).toEqual([]);
    // The duplicate's bytes were moved into storage before its commit found them there: they went.
    expect(await storedOriginals(eventId)).toEqual(rows.map((r) => path.basename(r.objectKey)).sort());
  });

  it('takes the same bytes once when two guests finish them at once: the other is told it is a duplicate', async () => {
    const eventId = await newEvent();
    const jpeg = await readFile(f.jpeg);
    const subs = await Promise.all([0, 1].map(() => submitted(eventId, [declare('ayni.jpg', jpeg)])));
    const sent = await commitsMet(eventId, 2, () =>
      Promise.all(subs.map((sub) => send(sub.submissionId, 'ayni.jpg', jpeg))),
    );
    expect(sent.map((res) => res.headers['upload-outcome']).sort()).toEqual(['accepted', 'duplicate']);
    const { rows, photoCount } = await album(eventId);
    expect(photoCount).toBe(1);
    expect(rows).toHaveLength(1);
    expect(await storedOriginals(eventId)).toEqual([path.basename(rows[0]!.objectKey)]);
    expect(await staged(...sent.map((res) => res.location))).toEqual([]);
  });

  it('tells a duplicate whose commit comes after uploads closed that the album holds it; new bytes are refused then', async () => {
    const eventId = await newEvent();
    const jpeg = await readFile(f.jpeg);
    const png = await readFile(f.png);
    const first = await submitted(eventId, [declare('a.jpg', jpeg)]);
    expect((await send(first.submissionId, 'a.jpg', jpeg)).headers['upload-outcome']).toBe('accepted');
    // Both files' bytes all arrived before uploads closed, their commits cut short (a crash).
    const sub = await submitted(eventId, [declare('ayni.jpg', jpeg), declare('yeni.png', png, 'image/png')]);
    const left: string[] = [];
    for (const [name, data] of [
      ['ayni.jpg', jpeg],
      ['yeni.png', png],
    ] as const) {
      const { location } = await create(sub.submissionId, name, data.length);
      await writeFile(path.join(t.config.dataDir, 'tus', location!.split('/').pop()!), data);
      left.push(location!);
    }
    await setOpen(eventId, false);
    const [dup, fresh] = await Promise.all(
      left.map((location) => t.app.inject({ method: 'HEAD', url: location, headers: tusHeaders })),
    );
    expect(dup!.headers['upload-offset']).toBe(String(jpeg.length));
    expect(fresh!.statusCode).toBe(410);
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/events/${eventId}/submissions/${sub.submissionId}`,
      headers: { 'x-guest-token': sub.guestToken },
    });
    expect(
      status.json().files.map((x: { state: string; reason: string | null }) => [x.state, x.reason]),
    ).toEqual([
      ['duplicate', null],
      ['refused', u.closed],
    ]);
    expect((await album(eventId)).photoCount).toBe(1);
  });

  it('refuses a fourth video even when the browser declared it a photo, and takes the third', async () => {
    const eventId = await newEvent();
    const clips = await Promise.all([f.mp4, f.mov, f.webm].map((p) => readFile(p)));
    // A fourth, distinct video: the same clip with a byte appended (still playable).
    const fourth = Buffer.concat([clips[0]!, Buffer.from([0])]);
    const sub = await submitted(eventId, [
      ...clips.map((c, i) => declare(`klip-${i}.mp4`, c, 'video/mp4')),
      declare('aslinda-video.jpg', fourth, 'image/jpeg'),
    ]);
    for (const [i, c] of clips.entries())
      expect((await send(sub.submissionId, `klip-${i}.mp4`, c)).headers['upload-outcome']).toBe('accepted');
    const refused = await send(sub.submissionId, 'aslinda-video.jpg', fourth);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toBe(u.maxVideos);
    expect((await album(eventId)).photoCount).toBe(3);
  });

  it('stores the SHA-256 and CRC-32 of the bytes, whether counted as the PATCHes wrote them or read again after a gap', async () => {
    const eventId = await newEvent();
    // A photo without a location, so its bytes are stored as sent (a located one is cleaned first).
    const jpeg = await sharp(f.jpeg).jpeg().toBuffer();
    // Two distinct files from the same photo (bytes after a JPEG's end are ignored by decoders).
    const [counted, reread] = [1, 2].map((n) => Buffer.concat([jpeg, Buffer.alloc(50_000, n)]));
    const sub = await submitted(eventId, [declare('a.jpg', counted!), declare('b.jpg', reread!)]);
    const thirds = (data: Buffer) => [0, 20_000, 40_000, data.length];

    const first = await create(sub.submissionId, 'a.jpg', counted!.length);
    const [a0, a1, a2, a3] = thirds(counted!);
    for (const [from, to] of [
      [a0, a1],
      [a1, a2],
      [a2, a3],
    ] as const)
      expect((await patch(first.location!, from!, counted!.subarray(from, to))).statusCode).toBe(204);

    // The middle third reaches the staged file without passing through this process (another
    // instance wrote it): the count the PATCHes kept is no longer the file's, and the commit
    // must read the file for its hashes.
    const second = await create(sub.submissionId, 'b.jpg', reread!.length);
    const [b0, b1, b2, b3] = thirds(reread!);
    expect((await patch(second.location!, b0!, reread!.subarray(b0, b1))).statusCode).toBe(204);
    await appendFile(
      path.join(t.config.dataDir, 'tus', second.location!.split('/').pop()!),
      reread!.subarray(b1, b2),
    );
    const last = await patch(second.location!, b2!, reread!.subarray(b2, b3));
    expect(last.headers['upload-outcome']).toBe('accepted');

    const { rows } = await album(eventId);
    const byName = new Map(rows.map((r) => [r.originalName, r]));
    for (const [name, data] of [
      ['a.jpg', counted!],
      ['b.jpg', reread!],
    ] as const) {
      expect(byName.get(name)).toMatchObject({
        size: data.length,
        sha256: createHash('sha256').update(data).digest('hex'),
        crc32: crc32(data),
      });
    }
  });

  it('takes exactly three of four videos that finish at once: the kind count is exact inside the commit', async () => {
    const eventId = await newEvent();
    const clip = await readFile(f.mp4);
    // Four distinct videos: the same clip with bytes appended (still playable).
    const clips = [0, 1, 2, 3].map((i) => Buffer.concat([clip, Buffer.alloc(i + 1, i)]));
    // Three may be declared as videos; the fourth says it is a photo, and the commit finds out.
    const sub = await submitted(
      eventId,
      clips.map((c, i) => declare(`klip-${i}.mp4`, c, i < 3 ? 'video/mp4' : 'image/jpeg')),
    );
    const sent = await commitsMet(eventId, clips.length, () =>
      Promise.all(clips.map((c, i) => send(sub.submissionId, `klip-${i}.mp4`, c))),
    );
    const outcomes = sent.map((res) => res.headers['upload-outcome'] ?? res.body);
    expect(outcomes.filter((o) => o === 'accepted')).toHaveLength(3);
    expect(outcomes.filter((o) => o === u.maxVideos)).toHaveLength(1);
    expect((await album(eventId)).photoCount).toBe(3);
  });

  /** A file whose bytes reached the store when the process died before its commit: as the disk looks after a restart. */
  async function crashLeftFile(eventId: string) {
    const jpeg = await readFile(f.jpeg);
    const sub = await submitted(eventId, [declare('a.jpg', jpeg)]);
    const { location } = await create(sub.submissionId, 'a.jpg', jpeg.length);
    await writeFile(path.join(t.config.dataDir, 'tus', location!.split('/').pop()!), jpeg);
    const head = () => t.app.inject({ method: 'HEAD', url: location!, headers: tusHeaders });
    const state = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/events/${eventId}/submissions/${sub.submissionId}`,
          headers: { 'x-guest-token': sub.guestToken },
        })
      ).json().files[0].state;
    return { size: String(jpeg.length), head, state };
  }

  it('commits a file whose bytes all arrived before a crash cut its commit, when its phone asks where it stands', async () => {
    const eventId = await newEvent();
    const file = await crashLeftFile(eventId);
    expect((await album(eventId)).photoCount).toBe(0);
    expect((await file.head()).headers['upload-offset']).toBe(file.size);
    expect((await album(eventId)).photoCount).toBe(1);
    expect(await file.state()).toBe('accepted');
  });

  it('commits such a file once when two requests ask at the same moment: both are told it all arrived, and it stays accepted', async () => {
    const eventId = await newEvent();
    const file = await crashLeftFile(eventId);
    const heads = await Promise.all([file.head(), file.head()]);
    expect(heads.map((h) => h.headers['upload-offset'])).toEqual([file.size, file.size]);
    expect((await album(eventId)).photoCount).toBe(1);
    expect(await file.state()).toBe('accepted');
  });
});

describe('a phone back after its submission’s lifetime, before the hourly sweep', () => {
  it('is told the submission is gone, as after the sweep, and announces what is left as a new one that goes on', async () => {
    const eventId = await newEvent();
    const jpeg = await readFile(f.jpeg);
    const old = await submitted(eventId, [declare('a.jpg', jpeg), declare('b.jpg', jpeg)]);
    const { location } = await create(old.submissionId, 'a.jpg', jpeg.length);
    expect((await patch(location!, 0, jpeg.subarray(0, 1000))).statusCode).toBe(204);
    const url = `/api/events/${eventId}/submissions/${old.submissionId}`;
    const headers = { 'x-guest-token': old.guestToken };
    // A minute before its end it still answers its files, with the bytes that arrived.
    offset += 24 * 3600_000 - 60_000;
    try {
      const alive = await t.app.inject({ method: 'GET', url, headers });
      expect(alive.statusCode).toBe(200);
      expect(alive.json().files).toMatchObject([
        { name: 'a.jpg', state: 'receiving', offset: 1000 },
        { name: 'b.jpg', state: 'waiting', offset: 0 },
      ]);
      offset += 60_000 + 1000;
      const gone = await t.app.inject({ method: 'GET', url, headers });
      expect(gone.statusCode).toBe(404);
      expect(gone.json().message).toBe(s.notFound);
      const again = await submitted(
        eventId,
        [declare('a.jpg', jpeg), declare('b.jpg', jpeg)],
        old.guestToken,
      );
      expect((await send(again.submissionId, 'a.jpg', jpeg)).headers['upload-outcome']).toBe('accepted');
      expect((await send(again.submissionId, 'b.jpg', jpeg)).headers['upload-outcome']).toBe('duplicate');
      const fresh = await t.app.inject({
        method: 'GET',
        url: `/api/events/${eventId}/submissions/${again.submissionId}`,
        headers,
      });
      expect(fresh.json().files).toMatchObject([
        { name: 'a.jpg', state: 'accepted' },
        { name: 'b.jpg', state: 'duplicate' },
      ]);
    } finally {
      offset = 0;
    }
  });
});

describe('the hourly sweep', () => {
  it('commits a whole file that a crash left uncommitted and no phone came back for', async () => {
    const eventId = await newEvent();
    const png = await readFile(f.png);
    const sub = await submitted(eventId, [declare('b.png', png, 'image/png')]);
    const { location } = await create(sub.submissionId, 'b.png', png.length);
    await writeFile(path.join(t.config.dataDir, 'tus', location!.split('/').pop()!), png);
    await t.app.jobs.scheduleRecurringJobs();
    offset += 3600_000 + 1000;
    try {
      await t.app.jobs.runUntilIdle();
    } finally {
      offset = 0;
    }
    expect((await album(eventId)).photoCount).toBe(1);
    expect(await staged(location)).toEqual([]);
  });

  it('refuses a file of an expired submission and sweeps its unfinished bytes and rows; a fresh one goes on', async () => {
    const eventId = await newEvent();
    const jpeg = await readFile(f.jpeg);
    const old = await submitted(eventId, [declare('a.jpg', jpeg), declare('b.jpg', jpeg)]);
    const { location } = await create(old.submissionId, 'a.jpg', jpeg.length);
    expect((await patch(location!, 0, jpeg.subarray(0, 1000))).statusCode).toBe(204);
    await t.app.jobs.scheduleRecurringJobs();
    offset += 24 * 3600_000 + 1000;
    try {
      const fresh = await submitted(eventId, [declare('c.jpg', jpeg)]);
      const late = await create(old.submissionId, 'b.jpg', jpeg.length);
      expect(late.res.statusCode).toBe(410);
      expect(late.res.body).toBe(s.expired);
      const latePatch = await patch(location!, 1000, jpeg.subarray(1000));
      expect(latePatch.statusCode).toBe(410);
      await t.app.jobs.runUntilIdle();
      expect(await staged(location)).toEqual([]);
      const gone = await t.app.inject({
        method: 'GET',
        url: `/api/events/${eventId}/submissions/${old.submissionId}`,
        headers: { 'x-guest-token': old.guestToken },
      });
      expect(gone.statusCode).toBe(404);
      expect((await send(fresh.submissionId, 'c.jpg', jpeg)).headers['upload-outcome']).toBe('accepted');
    } finally {
      offset = 0;
    }
  });
});
