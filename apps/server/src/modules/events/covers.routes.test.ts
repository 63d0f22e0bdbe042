import { readdir, readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockCovers, stockCoverSet, type CoverSet } from '@ani/contract/events';
import { limits } from '@ani/contract/limits';
import { messages } from '@ani/contract/messages';
import { media } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../testing/create-test-app.ts';
import { bearer, createActivatedUser, type TestUser } from '../../testing/factories.ts';
import { mediaFixtures, pngBomb, type MediaFixtures } from '../../testing/media-fixtures.ts';
import { multipartBody, type BodyPart } from '../../testing/multipart-body.ts';

const c = messages.cover;
let t: TestApp;
let f: MediaFixtures;
let owner: TestUser;
let stranger: TestUser;
/** A 2400x1800 landscape photo: big enough for every cover width. */
let large: Buffer;

beforeAll(async () => {
  [t, f] = await Promise.all([createTestApp(), mediaFixtures()]);
  [owner, stranger] = [await createActivatedUser(t), await createActivatedUser(t)];
  large = await sharp({ create: { width: 2400, height: 1800, channels: 3, background: '#7c5aa6' } })
    .composite([{ input: await readFile(f.png), top: 600, left: 900 }])
    .jpeg({ quality: 90 })
    .toBuffer();
});
afterAll(() => t.close());

async function newEvent(user: TestUser): Promise<{ id: string; cover: CoverSet; coverImage: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/events',
    headers: bearer(user.token),
    payload: { title: 'Elif & Can Düğünü', eventDate: new Date(Date.now() + 30 * 86_400_000).toISOString() },
  });
  expect(res.statusCode).toBe(201);
  return res.json().event;
}

/** A guest's upload to the album; answers the new item's id. */
async function albumItem(eventId: string, filename: string, data: Buffer): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/upload`,
    ...multipartBody([
      { name: 'uploader', value: 'Zeynep' },
      { name: 'files', filename, data },
    ]),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().uploaded[0].id;
}

const upload = (user: TestUser | null, eventId: string, part: Omit<BodyPart, 'name'> | null) => {
  const body = multipartBody(part ? [{ name: 'image', ...part } as BodyPart] : [{ name: 'x', value: '1' }]);
  return t.app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/cover`,
    headers: { ...body.headers, ...(user ? bearer(user.token) : {}) },
    payload: body.payload,
  });
};
const choose = (user: TestUser | null, eventId: string, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/events/${eventId}/cover`,
    headers: user ? bearer(user.token) : {},
    payload,
  });
const getEvent = async (user: TestUser, eventId: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/events/${eventId}`, headers: bearer(user.token) })).json()
    .event as { cover: CoverSet; coverImage: string };

/** Every URL of a cover: each srcset entry and the fallback. */
const urlsOf = (cover: CoverSet) => [
  cover.src,
  ...[cover.srcSetAvif, cover.srcSetWebp].flatMap((set) =>
    set.split(', ').map((entry) => entry.split(' ')[0]!),
  ),
];
const fetchPublic = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('custom covers', () => {
  it('are made from an album photo: 3:2, EXIF-rotated, no metadata, public and immutable', async () => {
    const event = await newEvent(owner);
    const photoId = await albumItem(event.id, 'portrait.jpg', await readFile(f.jpeg));
    const res = await choose(owner, event.id, { photoId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(c.updated);
    const { cover, coverImage } = res.json().event as { cover: CoverSet; coverImage: string };
    // The fixture is 640x480 stored with orientation 6: shown 480x640, so a 480 px wide 3:2 crop.
    expect(cover.srcSetAvif).toMatch(
      new RegExp(`^/api/events/${event.id}/cover/[0-9a-f]{16}-480\\.avif 480w$`),
    );
    expect(cover.srcSetWebp).toMatch(/-480\.webp 480w$/);
    expect(cover.src).toMatch(/-480\.jpg$/);
    expect(coverImage).toBe(cover.src);

    for (const [url, type] of [
      [cover.src, 'image/jpeg'],
      [cover.srcSetAvif.split(' ')[0]!, 'image/avif'],
      [cover.srcSetWebp.split(' ')[0]!, 'image/webp'],
    ] as const) {
      // No session: the guest page reads these.
      const file = await fetchPublic(url);
      expect(file.statusCode, url).toBe(200);
      expect(file.headers['content-type']).toBe(type);
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      const meta = await sharp(file.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([480, 320]);
      // GPS and camera tags of the original are gone.
      expect(meta.exif).toBeUndefined();
      expect(file.rawPayload.includes(Buffer.from('AniTestCam'))).toBe(false);
      // A revalidation is answered without the file.
      const again = await fetchPublic(url, { 'if-none-match': file.headers.etag as string });
      expect(again.statusCode).toBe(304);
    }
    // The public info the upload page reads carries the same cover.
    const info = await t.app.inject({ method: 'GET', url: `/api/events/${event.id}/info` });
    expect(info.json().event.cover).toEqual(cover);
  });

  it('are made from an uploaded image in every width, never keeping the original', async () => {
    const event = await newEvent(owner);
    const res = await upload(owner, event.id, { filename: 'kapak.jpg', data: large });
    expect(res.statusCode, res.body).toBe(200);
    const { cover } = res.json().event as { cover: CoverSet };
    expect(cover.srcSetAvif.split(', ').map((e) => e.split(' ')[1])).toEqual(['480w', '960w', '1600w']);
    expect(cover.src).toMatch(/-960\.jpg$/);
    const phone = await fetchPublic(cover.srcSetAvif.split(' ')[0]!);
    expect(phone.statusCode).toBe(200);
    expect((await sharp(phone.rawPayload).metadata()).width).toBe(480);
    // The phone size stays well inside the upload page's budget.
    expect(phone.rawPayload.length).toBeLessThan(40_000);
    const widest = await fetchPublic(cover.srcSetWebp.split(', ')[2]!.split(' ')[0]!);
    expect(await sharp(widest.rawPayload).metadata()).toMatchObject({ width: 1600, height: 1067 });
    // Seven files for three widths (AVIF and WebP each, one JPEG); nothing else is stored for it.
    const stored = await readdirKeys(`covers/${event.id}`);
    expect(stored).toHaveLength(7);
  });

  it('are made from a HEIC photo through the shared decoder', async () => {
    const event = await newEvent(owner);
    const res = await upload(owner, event.id, { filename: 'IMG_0001.HEIC', data: await readFile(f.heic) });
    expect(res.statusCode, res.body).toBe(200);
    expect((await fetchPublic(res.json().event.cover.src)).statusCode).toBe(200);
  });

  it('refuses what is not an image, by content, in Turkish; a PNG named anything is taken', async () => {
    const event = await newEvent(owner);
    for (const file of [f.svg, f.html, f.exe, f.text, f.mp4]) {
      const res = await upload(owner, event.id, { filename: 'kapak.jpg', data: await readFile(file) });
      expect(res.statusCode, file).toBe(415);
      expect(res.json().message).toBe(c.imageOnly);
    }
    expect((await getEvent(owner, event.id)).cover).toEqual(stockCoverSet(event.coverImage));
    const png = await upload(owner, event.id, { filename: 'belge.txt', data: await readFile(f.png) });
    expect(png.statusCode, png.body).toBe(200);
  });

  it('refuses a file over the size limit and takes one exactly at it', async () => {
    const event = await newEvent(owner);
    const head = await readFile(f.jpeg);
    const over = await upload(owner, event.id, {
      filename: 'buyuk.jpg',
      head,
      size: limits.coverUploadMaxBytes + 1,
    });
    expect(over.statusCode).toBe(413);
    expect(over.json().message).toBe(c.tooLarge);
    // A JPEG followed by padding: decodable, and exactly the limit.
    const at = await upload(owner, event.id, {
      filename: 'buyuk.jpg',
      head,
      size: limits.coverUploadMaxBytes,
    });
    expect(at.statusCode, at.body).toBe(200);
  });

  it('refuses a decompression bomb and an unreadable image', async () => {
    const event = await newEvent(owner);
    const bomb = await upload(owner, event.id, { filename: 'bomb.png', data: pngBomb() });
    expect(bomb.statusCode).toBe(400);
    expect(bomb.json().message).toBe(c.tooManyPixels);
    const garbage = await upload(owner, event.id, {
      filename: 'g.gif',
      data: await readFile(f.unreadableGif),
    });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().message).toBe(c.unreadable);
    expect((await upload(owner, event.id, null)).json().message).toBe(c.fileMissing);
  });

  it('takes only an image of the same album as the cover', async () => {
    const event = await newEvent(owner);
    const otherEvent = await newEvent(owner);
    const foreign = await albumItem(otherEvent.id, 'a.jpg', await readFile(f.jpeg));
    const video = await albumItem(event.id, 'clip.mp4', await readFile(f.mp4));
    const photo = await albumItem(event.id, 'b.jpg', await readFile(f.jpeg));
    const notHere = await choose(owner, event.id, { photoId: foreign });
    expect(notHere.statusCode).toBe(404);
    expect(notHere.json().message).toBe(c.photoNotFound);
    const moving = await choose(owner, event.id, { photoId: video });
    expect(moving.statusCode).toBe(415);
    expect(moving.json().message).toBe(c.photoNotImage);
    // An item awaiting the owner's approval reaches no guest, so it cannot become the public cover.
    const waiting = await albumItem(event.id, 'c.jpg', await readFile(f.jpeg));
    await t.db.update(media).set({ status: 'pending' }).where(eq(media.id, waiting));
    const pending = await choose(owner, event.id, { photoId: waiting });
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toBe(c.photoPending);
    const both = await choose(owner, event.id, { photoId: photo, coverImage: stockCovers[0] });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe(c.choiceRequired);
    expect((await choose(owner, event.id, { photoId: photo })).statusCode).toBe(200);
  });

  it('answers a stranger 404 and changes nothing; nobody signed in gets 401', async () => {
    const event = await newEvent(owner);
    const photoId = await albumItem(event.id, 'a.jpg', await readFile(f.jpeg));
    const before = await getEvent(owner, event.id);
    for (const res of [
      await choose(stranger, event.id, { photoId }),
      await choose(stranger, event.id, { coverImage: stockCovers[2] }),
      await upload(stranger, event.id, { filename: 'k.jpg', data: large }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(messages.events.notFound);
      expect(res.body).not.toContain(photoId);
    }
    expect((await choose(null, event.id, { photoId })).statusCode).toBe(401);
    expect((await upload(null, event.id, { filename: 'k.jpg', data: large })).statusCode).toBe(401);
    expect(await getEvent(owner, event.id)).toEqual(before);
    expect(await readdirKeys(`covers/${event.id}`)).toEqual([]);
  });

  it('removes the custom files when a stock cover is chosen again, by either route', async () => {
    const event = await newEvent(owner);
    for (const viaUpdate of [false, true]) {
      const set = await upload(owner, event.id, { filename: 'k.jpg', data: large });
      const urls = urlsOf(set.json().event.cover);
      const stock = stockCovers[viaUpdate ? 5 : 4]!;
      const res = viaUpdate
        ? await t.app.inject({
            method: 'POST',
            url: '/api/events/update',
            headers: bearer(owner.token),
            payload: { eventId: event.id, coverImage: stock },
          })
        : await choose(owner, event.id, { coverImage: stock });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().event).toMatchObject({ coverImage: stock, cover: stockCoverSet(stock) });
      await t.app.jobs.runUntilIdle();
      for (const url of urls) expect((await fetchPublic(url)).statusCode, url).toBe(404);
      expect(await readdirKeys(`covers/${event.id}`)).toEqual([]);
    }
  });

  it('replaces one custom cover by another, removing the first one’s files', async () => {
    const event = await newEvent(owner);
    const first = urlsOf(
      (await upload(owner, event.id, { filename: 'a.jpg', data: large })).json().event.cover,
    );
    const photoId = await albumItem(event.id, 'b.jpg', await readFile(f.jpeg));
    const second = urlsOf((await choose(owner, event.id, { photoId })).json().event.cover);
    await t.app.jobs.runUntilIdle();
    for (const url of first) expect((await fetchPublic(url)).statusCode).toBe(404);
    for (const url of second) expect((await fetchPublic(url)).statusCode).toBe(200);
  });

  it('removes the files with the event', async () => {
    const event = await newEvent(owner);
    await upload(owner, event.id, { filename: 'k.jpg', data: large });
    expect(await readdirKeys(`covers/${event.id}`)).toHaveLength(7);
    const urls = urlsOf((await getEvent(owner, event.id)).cover);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/events/${event.id}`,
      headers: bearer(owner.token),
    });
    expect(removed.statusCode).toBe(200);
    await t.app.jobs.runUntilIdle();
    expect(await readdirKeys(`covers/${event.id}`)).toEqual([]);
    for (const url of urls) expect((await fetchPublic(url)).statusCode).toBe(404);
  });

  it('answers 404 for a cover file that does not exist, without caching it', async () => {
    const event = await newEvent(owner);
    const res = await fetchPublic(`/api/events/${event.id}/cover/0123456789abcdef-480.avif`);
    expect(res.statusCode).toBe(404);
    expect(res.headers['cache-control'] ?? '').not.toContain('immutable');
    expect((await fetchPublic(`/api/events/${event.id}/cover/..%2F..%2Fsecret-480.avif`)).statusCode).toBe(
      400,
    );
  });
});

/** The stored objects under a prefix (local disk in these tests). */
function readdirKeys(prefix: string): Promise<string[]> {
  return readdir(t.storage.localPath!(prefix)).catch(() => []);
}
