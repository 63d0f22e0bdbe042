import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@ani/contract/messages';
import { slug } from '@ani/contract/text';
import { listenerApplicationName } from '../../db/client.ts';
import { mediaLiveEvents } from '../../db/schema/media.ts';
import { registerErrorHandling } from '../../http/error-handler.ts';
import { createGuestTokens } from '../../http/guest-tokens.ts';
import { enqueue } from '../../jobs/jobs.ts';
import { createUrlSigner } from '../../http/signed-urls.ts';
import { createTestApp, type TestApp } from '../../testing/create-test-app.ts';
import { bearer, createActivatedUser, type TestUser } from '../../testing/factories.ts';
import { mediaFixtures, type MediaFixtures } from '../../testing/media-fixtures.ts';
import { multipartBody } from '../../testing/multipart-body.ts';
import { openSse, type SseStream } from '../../testing/sse-client.ts';
import { uploadAsGuest } from '../../testing/tus-guests.ts';
import type { LiveHub } from './live-hub.ts';
import { liveRoutes } from './live.routes.ts';
import type { LiveService } from './live.service.ts';

let t: TestApp;
let f: MediaFixtures;
let owner: TestUser;
let stranger: TestUser;
let base: string;
const streams: SseStream[] = [];

beforeAll(async () => {
  [t, f] = await Promise.all([createTestApp(), mediaFixtures()]);
  [owner, stranger] = [await createActivatedUser(t), await createActivatedUser(t)];
  // The stream is a real HTTP response that never ends: it is read over a socket, not by inject().
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
// Each test's streams end with it: they count against the server's streams per address, and a later
// test must find its place free.
afterEach(() => {
  for (const s of streams.splice(0)) s.close();
});
afterAll(() => t.close());

async function newEvent(settings: { autoApprovePhotos?: boolean } = {}): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/events',
    headers: bearer(owner.token),
    payload: { title: 'Elif & Can Düğünü', eventDate: new Date().toISOString(), ...settings },
  });
  expect(res.statusCode).toBe(201);
  return res.json().event.id;
}

async function setEvent(eventId: string, patch: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/events/update',
    headers: bearer(owner.token),
    payload: { eventId, ...patch },
  });
  expect(res.statusCode).toBe(200);
}

async function upload(eventId: string, headers: Record<string, string> = {}, file = f.jpeg): Promise<string> {
  const body = multipartBody([
    { name: 'uploader', value: 'Zeynep' },
    { name: 'files', filename: path.basename(file), data: await readFile(file) },
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/upload`,
    payload: body.payload,
    headers: { ...body.headers, ...headers },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().uploaded[0].id;
}

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const asOwner = bearer;

async function photos(eventId: string, status: 'all' | 'pending' | 'approved' = 'all') {
  const res = await get(`/api/events/${eventId}/photos?status=${status}`, asOwner(owner.token));
  expect(res.statusCode).toBe(200);
  return res.json() as {
    photos: { id: string; status: string; metadata: { uploader: string | null; note: string | null } }[];
    photoCount: number;
    pendingCount: number;
  };
}
const infoCount = async (eventId: string) =>
  (await get(`/api/events/${eventId}/info`)).json().event.photoCount;
const approve = (eventId: string, photoIds: string[], token = owner.token) =>
  t.app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/photos/approve`,
    headers: asOwner(token),
    payload: { photoIds },
  });
const deletePhoto = (eventId: string, id: string) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/events/${eventId}/photo`,
    headers: asOwner(owner.token),
    payload: { photoIds: [id] },
  });
async function wallLink(eventId: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/wall-link`,
    headers: asOwner(owner.token),
  });
  expect(res.statusCode).toBe(200);
  return res.json().token;
}
const wallIds = async (eventId: string, token: string) =>
  (await get(`/api/events/${eventId}/wall?wall=${token}`)).json().items.map((i: { id: string }) => i.id);

async function live(eventId: string, query = '', headers: Record<string, string> = {}) {
  const stream = await openSse(`${base}/api/events/${eventId}/live${query}`, headers);
  streams.push(stream);
  return stream;
}
const parsed = (s: SseStream) =>
  s.events.map((e) => ({ id: e.id, event: e.event, data: JSON.parse(e.data) }));

describe('approval ("Ben onaylarım")', () => {
  it('keeps uploads of an event without automatic approval from guests, the wall and the public count until approved', async () => {
    const held = await newEvent({ autoApprovePhotos: false });
    const open = await newEvent();
    const heldId = await upload(held);
    const openId = await upload(open);
    await t.app.jobs.runUntilIdle();

    // The twin with automatic approval shows its upload everywhere.
    expect(await infoCount(open)).toBe(1);
    expect(await wallIds(open, await wallLink(open))).toEqual([openId]);
    expect((await photos(open)).photos.map((p) => p.status)).toEqual(['approved']);

    const heldToken = await wallLink(held);
    expect(await infoCount(held)).toBe(0);
    expect(await wallIds(held, heldToken)).toEqual([]);
    // The wall knows approval is on, so its empty screen can say photos come once approved.
    expect((await get(`/api/events/${held}/wall?wall=${heldToken}`)).json().autoApprovePhotos).toBe(false);
    expect(
      (await get(`/api/events/${open}/wall?wall=${await wallLink(open)}`)).json().autoApprovePhotos,
    ).toBe(true);
    expect(await photos(held, 'approved')).toMatchObject({ photos: [], photoCount: 0, pendingCount: 1 });
    expect((await photos(held, 'pending')).photos).toMatchObject([{ id: heldId, status: 'pending' }]);
    expect((await photos(held)).photos.map((p) => p.id)).toEqual([heldId]);
    const event = (await get(`/api/events/${held}`, asOwner(owner.token))).json().event;
    expect(event).toMatchObject({ photoCount: 0, pendingCount: 1 });

    // A stranger cannot approve it; nothing moves.
    expect((await approve(held, [heldId], stranger.token)).statusCode).toBe(404);
    expect(await infoCount(held)).toBe(0);

    const stream = await live(held, `?wall=${heldToken}`);
    expect(stream.status).toBe(200);
    const approved = await approve(held, [heldId, 'no-such-photo']);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({
      approved: [heldId],
      notFound: ['no-such-photo'],
      currentPhotoCount: 1,
      pendingCount: 0,
      message: messages.approval.approvedOne,
    });
    const [added] = await stream.waitFor(1);
    expect(added).toMatchObject({ event: 'photo' });
    expect(JSON.parse(added!.data)).toMatchObject({ id: heldId, type: 'image', uploader: 'Zeynep' });
    expect(await infoCount(held)).toBe(1);
    expect(await wallIds(held, heldToken)).toEqual([heldId]);
    expect(await photos(held, 'pending')).toMatchObject({ photos: [], photoCount: 1, pendingCount: 0 });

    // Approving again changes nothing and announces nothing twice.
    expect((await approve(held, [heldId])).json()).toMatchObject({
      approved: [heldId],
      currentPhotoCount: 1,
    });
    await upload(open);
    await t.app.jobs.runUntilIdle();
    expect(stream.events).toHaveLength(1);
  });

  it('answers 404 in Turkish when none of the items to approve is in the album, and stays idempotent for approved ones', async () => {
    const eventId = await newEvent({ autoApprovePhotos: false });
    const waiting = await upload(eventId);
    const gone = await upload(eventId);
    expect((await deletePhoto(eventId, gone)).statusCode).toBe(200);
    // Unknown ids, and an item deleted meanwhile (in another tab, say): nothing was approved.
    for (const ids of [['no-such-photo'], [gone, 'no-such-photo']]) {
      const refused = await approve(eventId, ids);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ success: false, message: messages.approval.notFound });
    }
    // Another album's item is not this album's.
    const elsewhere = await upload(await newEvent({ autoApprovePhotos: false }));
    expect((await approve(eventId, [elsewhere])).statusCode).toBe(404);
    expect(await photos(eventId)).toMatchObject({ photoCount: 0, pendingCount: 1 });

    // The twins: the waiting item is approved, and approving it again is still a success.
    for (let i = 0; i < 2; i++) {
      const approved = await approve(eventId, [waiting, 'no-such-photo']);
      expect(approved.statusCode).toBe(200);
      expect(approved.json()).toMatchObject({
        approved: [waiting],
        notFound: ['no-such-photo'],
        message: messages.approval.approvedOne,
        currentPhotoCount: 1,
        pendingCount: 0,
      });
    }
  });

  it('announces an item approved before its images exist once they are made, and uploads made after the setting is turned back on are approved', async () => {
    const eventId = await newEvent({ autoApprovePhotos: false });
    const stream = await live(eventId, `?wall=${await wallLink(eventId)}`);
    const early = await upload(eventId);
    const waiting = await upload(eventId);
    expect((await approve(eventId, [early])).json()).toMatchObject({ currentPhotoCount: 1, pendingCount: 1 });
    await setEvent(eventId, { autoApprovePhotos: true });
    const later = await upload(eventId);
    await t.app.jobs.runUntilIdle();

    const events = await stream.waitFor(2);
    expect(events.map((e) => JSON.parse(e.data).id).sort()).toEqual([early, later].sort());
    // The item that was waiting before the switch still waits (decision 0100).
    expect((await photos(eventId, 'pending')).photos.map((p) => p.id)).toEqual([waiting]);
    expect(await photos(eventId)).toMatchObject({ photoCount: 2, pendingCount: 1 });
    expect(await infoCount(eventId)).toBe(2);

    // Deleting a pending item uncounts it from the pending count only.
    expect((await deletePhoto(eventId, waiting)).json()).toMatchObject({ currentPhotoCount: 2 });
    expect(await photos(eventId)).toMatchObject({ photoCount: 2, pendingCount: 0 });
  });

  it('leaves pending items out of the album ZIP unless the owner includes them; the ETag names the choice', async () => {
    const eventId = await newEvent({ autoApprovePhotos: false });
    const first = await upload(eventId);
    await approve(eventId, [first]);
    await upload(eventId, {}, f.png);
    const url = `/api/events/${eventId}/download`;
    const approvedOnly = await get(url, asOwner(owner.token));
    const withPending = await get(`${url}?pending=1`, asOwner(owner.token));
    expect(approvedOnly.statusCode).toBe(200);
    expect(withPending.statusCode).toBe(200);
    expect(withPending.rawPayload.length).toBeGreaterThan(approvedOnly.rawPayload.length);
    expect(withPending.headers.etag).not.toBe(approvedOnly.headers.etag);
    expect(withPending.rawPayload.includes(Buffer.from('.png'))).toBe(true);
    expect(approvedOnly.rawPayload.includes(Buffer.from('.png'))).toBe(false);

    const link = async (body?: object) =>
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/events/${eventId}/download-link`,
          headers: asOwner(owner.token),
          ...(body ? { payload: body } : {}),
        })
      ).json().url as string;
    const signedPlain = await get(await link());
    const signedPending = await get(await link({ includePending: true }));
    expect(signedPlain.headers.etag).toBe(approvedOnly.headers.etag);
    expect(signedPending.headers.etag).toBe(withPending.headers.etag);
    // The choice is signed: a link without pending items cannot be turned into one with them.
    expect((await get(`${await link()}&pending=1`)).statusCode).toBe(403);
  });
});

describe('live stream', () => {
  it('streams with proxy-safe headers: an upload once its preview exists, a deletion, each with an id', async () => {
    const eventId = await newEvent();
    const stream = await live(eventId, `?wall=${await wallLink(eventId)}`);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.headers.get('cache-control')).toMatch(/no-cache/);
    expect(stream.headers.get('x-accel-buffering')).toBe('no');

    const id = await upload(eventId);
    expect(stream.events).toHaveLength(0); // no preview yet: nothing the wall could show
    await t.app.jobs.runUntilIdle();
    await stream.waitFor(1);
    expect((await deletePhoto(eventId, id)).statusCode).toBe(200);
    await stream.waitFor(2);
    const [added, removed] = parsed(stream);
    expect(added).toMatchObject({ event: 'photo', data: { id, type: 'image' } });
    expect(added!.data.url).toMatch(/sig=/);
    expect(added!.data.posterUrl).toMatch(/sig=/);
    expect(removed).toMatchObject({ event: 'removed', data: { id } });
    expect(Number(removed!.id)).toBeGreaterThan(Number(added!.id));
  });

  it("closes a deleted event's open walls, whose link then says the event is gone (a forged one only that it is invalid); another event's wall goes on", async () => {
    const [gone, kept] = [await newEvent(), await newEvent()];
    const goneLink = await wallLink(gone);
    const goneStream = await live(gone, `?wall=${goneLink}`);
    const keptStream = await live(kept, `?wall=${await wallLink(kept)}`);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/events/${gone}`,
      headers: bearer(owner.token),
    });
    expect(deleted.statusCode).toBe(200);
    await expect(goneStream.waitFor(1)).rejects.toThrow(/ended/);
    expect((await openSse(`${base}/api/events/${gone}/live?wall=${goneLink}`)).status).toBe(404);
    // The link's holder is told the event is gone (no new link can exist for it), on the list too …
    const list = await get(`/api/events/${gone}/wall?wall=${goneLink}`);
    expect(list.statusCode).toBe(404);
    expect(list.json()).toMatchObject({ message: messages.wall.eventGone, code: 'NOT_FOUND' });
    // … where a forged link for the same deleted event learns nothing more than before: 403, "not valid".
    const [exp, sig] = goneLink.split('.');
    const forged = `${exp}.${sig!.slice(0, -2)}${sig!.endsWith('AA') ? 'BB' : 'AA'}`;
    const refused = await get(`/api/events/${gone}/wall?wall=${forged}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(messages.wall.linkInvalid);
    expect((await openSse(`${base}/api/events/${gone}/live?wall=${forged}`)).status).toBe(403);
    // The twin: the other event's wall is still open and still told of new photos.
    const id = await upload(kept);
    await t.app.jobs.runUntilIdle();
    expect((await keptStream.waitFor(1))[0]).toMatchObject({ event: 'photo' });
    expect(JSON.parse(keptStream.events[0]!.data).id).toBe(id);
  });

  it('continues after a reconnect with Last-Event-ID with exactly the missed events, and from the wall list position', async () => {
    const eventId = await newEvent();
    const token = await wallLink(eventId);
    const before = await upload(eventId);
    await t.app.jobs.runUntilIdle();
    const wall = (await get(`/api/events/${eventId}/wall?wall=${token}`)).json();
    expect(wall.items.map((i: { id: string }) => i.id)).toEqual([before]);

    const first = await live(eventId, `?wall=${token}&lastEventId=${wall.lastEventId}`);
    const seen = await upload(eventId);
    await t.app.jobs.runUntilIdle();
    const [seenEvent] = await first.waitFor(1);
    expect(JSON.parse(seenEvent!.data).id).toBe(seen);
    first.close();

    // While the wall is away: two uploads and a deletion of an item it had shown.
    const x = await upload(eventId);
    const y = await upload(eventId);
    await t.app.jobs.runUntilIdle();
    await deletePhoto(eventId, before);

    const resumed = await live(eventId, `?wall=${token}&lastEventId=0`, { 'last-event-id': seenEvent!.id! });
    await resumed.waitFor(3);
    const photoIds = parsed(resumed)
      .slice(0, 2)
      .map((e) => e.data.id);
    expect(photoIds.sort()).toEqual([x, y].sort());
    expect(parsed(resumed)[2]).toMatchObject({ event: 'removed', data: { id: before } });
    const ids = resumed.events.map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids[0]).toBeGreaterThan(Number(seenEvent!.id));

    // Without an id the stream starts now: nothing old is replayed.
    const fresh = await live(eventId, `?wall=${token}`);
    const z = await upload(eventId);
    await t.app.jobs.runUntilIdle();
    await fresh.waitFor(1);
    expect(parsed(fresh).map((e) => e.data.id)).toEqual([z]);
    expect(resumed.events).toHaveLength(4);
  });

  it('forgets log rows older than a day in the maintenance job', async () => {
    const eventId = await newEvent();
    await upload(eventId);
    await t.app.jobs.runUntilIdle();
    const token = await wallLink(eventId);
    const replay = await live(eventId, `?wall=${token}&lastEventId=0`);
    await replay.waitFor(1);
    replay.close();
    await t.db
      .update(mediaLiveEvents)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(mediaLiveEvents.eventId, eventId));
    await enqueue(t.db, 'media.prune-live', {});
    await t.app.jobs.runUntilIdle();
    expect(await t.db.select().from(mediaLiveEvents).where(eq(mediaLiveEvents.eventId, eventId))).toEqual([]);
  });
});

describe('wall link', () => {
  it('opens the wall and its stream, and nothing else of the account', async () => {
    const eventId = await newEvent();
    const photoId = await upload(eventId);
    await t.app.jobs.runUntilIdle();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/events/${eventId}/wall-link`,
      headers: asOwner(owner.token),
    });
    const link = res.json();
    expect(link.url).toBe(`/events/${eventId}/wall?wall=${encodeURIComponent(link.token)}`);
    expect(new Date(link.expiresAt).getTime()).toBeGreaterThan(Date.now() + 3 * 86_400_000 - 60_000);
    const q = `wall=${encodeURIComponent(link.token)}`;

    const wall = await get(`/api/events/${eventId}/wall?${q}`);
    expect(wall.statusCode).toBe(200);
    expect(wall.json()).toMatchObject({ title: 'Elif & Can Düğünü', items: [{ id: photoId }] });
    expect(wall.json().uploadUrl).toBe(
      `${t.config.publicUrl}/events/${eventId}/${slug('Elif & Can Düğünü')}/upload-image-page`,
    );
    expect((await live(eventId, `?${q}`)).status).toBe(200);

    // Everything else of the account refuses the token, where the owner's session is let in.
    const elsewhere: [string, string, object?][] = [
      ['GET', `/api/events/${eventId}/photos`],
      ['GET', `/api/events/${eventId}`],
      ['GET', '/api/events'],
      ['DELETE', `/api/events/${eventId}/photo`, { photoIds: [photoId] }],
      ['POST', `/api/events/${eventId}/download-link`],
      ['GET', `/api/events/${eventId}/download`],
      ['POST', `/api/events/${eventId}/photos/approve`, { photoIds: [photoId] }],
      ['POST', `/api/events/${eventId}/wall-link`],
    ];
    for (const [method, url, payload] of elsewhere) {
      const sep = url.includes('?') ? '&' : '?';
      const refused = await t.app.inject({ method: method as 'GET', url: `${url}${sep}${q}`, payload });
      expect(refused.statusCode, `${method} ${url}`).toBe(401);
      expect(refused.body).not.toContain(photoId);
    }
    // The token is no guest token either.
    const asGuest = await get(`/api/events/${eventId}/my-uploads`, { 'x-guest-token': link.token });
    expect(asGuest.statusCode).toBe(404);
    for (const [, url] of elsewhere.filter(([m]) => m === 'GET')) {
      expect(
        (await t.app.inject({ method: 'GET', url, headers: asOwner(owner.token) })).statusCode,
        url,
      ).toBe(200);
    }
    expect(await wallIds(eventId, link.token)).toEqual([photoId]);
  });

  it('ends a link’s stream when the link expires, while a stream on a longer link goes on', async () => {
    const eventId = await newEvent();
    const soon = new URLSearchParams(
      createUrlSigner(t.config.secretKey).sign(`wall:${eventId}`, {}, 2).split('?')[1],
    );
    const short = `${soon.get('exp')}.${soon.get('sig')}`;
    const long = await wallLink(eventId);
    const ending = await live(eventId, `?wall=${encodeURIComponent(short)}`);
    const going = await live(eventId, `?wall=${encodeURIComponent(long)}`);
    expect([ending.status, going.status]).toEqual([200, 200]);
    await expect(ending.waitFor(1000)).rejects.toThrow('stream ended');
    expect(Date.now()).toBeGreaterThanOrEqual(Number(soon.get('exp')) * 1000 - 1000);
    // Its reconnect is refused; the other stream still brings the next photo.
    expect((await live(eventId, `?wall=${encodeURIComponent(short)}`)).status).toBe(403);
    const photoId = await upload(eventId);
    await t.app.jobs.runUntilIdle();
    const events = await going.waitFor(going.events.filter((e) => e.event !== 'ping').length + 1);
    expect(events.filter((e) => e.event === 'photo').map((e) => JSON.parse(e.data).id)).toEqual([photoId]);
  });

  it('refuses a forged, expired or other event’s token and a stranger’s session, on the wall and the stream', async () => {
    const eventId = await newEvent();
    const otherEvent = await newEvent();
    const valid = await wallLink(eventId);
    const [exp, sig] = valid.split('.');
    const flipped = `${exp}.${sig!.slice(0, -2)}${sig!.endsWith('AA') ? 'BB' : 'AA'}`;
    const longer = `${Number(exp) + 3600}.${sig}`;
    // Signed with the real secret but already expired.
    const past = createUrlSigner(t.config.secretKey, () => Date.now() - 10 * 86_400_000);
    const expiredQuery = new URLSearchParams(past.sign(`wall:${eventId}`, {}, 3 * 86_400).split('?')[1]);
    const expired = `${expiredQuery.get('exp')}.${expiredQuery.get('sig')}`;
    const otherEvents = await wallLink(otherEvent);

    for (const token of [flipped, longer, expired, otherEvents, 'garbage']) {
      const wall = await get(`/api/events/${eventId}/wall?wall=${encodeURIComponent(token)}`);
      expect(wall.statusCode, token).toBe(403);
      expect(wall.json().message).toBe(messages.wall.linkInvalid);
      const stream = await live(eventId, `?wall=${encodeURIComponent(token)}`);
      expect(stream.status, token).toBe(403);
    }
    expect((await get(`/api/events/${eventId}/wall`)).statusCode).toBe(401);
    expect((await live(eventId)).status).toBe(401);
    expect((await get(`/api/events/${eventId}/wall`, asOwner(stranger.token))).statusCode).toBe(404);
    expect((await live(eventId, '', asOwner(stranger.token))).status).toBe(404);
    // The twins: the real token and the owner's session are let in.
    expect((await get(`/api/events/${eventId}/wall?wall=${valid}`)).statusCode).toBe(200);
    expect((await get(`/api/events/${eventId}/wall`, asOwner(owner.token))).statusCode).toBe(200);
    expect((await live(eventId, '', asOwner(owner.token))).status).toBe(200);
  });
});

describe('wall link renewal', () => {
  const renew = (eventId: string, headers: Record<string, string> = asOwner(owner.token)) =>
    t.app.inject({ method: 'POST', url: `/api/events/${eventId}/wall-link/renew`, headers });
  const wallStatus = async (eventId: string, token: string) => {
    const res = await get(`/api/events/${eventId}/wall?wall=${encodeURIComponent(token)}`);
    return { status: res.statusCode, message: res.statusCode === 200 ? null : res.json().message };
  };

  it('stops the old link (with its own message) and lets the new one in; a stranger’s renewal changes nothing', async () => {
    const eventId = await newEvent();
    const old = await wallLink(eventId);
    expect(old.split('.')).toHaveLength(2);
    expect(await wallStatus(eventId, old)).toEqual({ status: 200, message: null });

    // Nobody but the owner renews: no session 401, a stranger 404 (as for a missing event).
    expect((await renew(eventId, {})).statusCode).toBe(401);
    expect((await renew(eventId, asOwner(stranger.token))).statusCode).toBe(404);
    expect((await renew('no-such-event')).statusCode).toBe(404);
    expect(await wallStatus(eventId, old)).toEqual({ status: 200, message: null });
    expect(await wallLink(eventId)).toMatch(/^\d+\.[\w-]+$/);

    const res = await renew(eventId);
    expect(res.statusCode).toBe(200);
    const fresh = res.json();
    expect(fresh.token).toMatch(/^\d+\.[\w-]+\.1$/);
    expect(fresh.url).toBe(`/events/${eventId}/wall?wall=${encodeURIComponent(fresh.token)}`);
    expect(new Date(fresh.expiresAt).getTime()).toBeGreaterThan(Date.now() + 3 * 86_400_000 - 60_000);

    expect(await wallStatus(eventId, old)).toEqual({ status: 403, message: messages.wall.linkRenewed });
    expect((await live(eventId, `?wall=${encodeURIComponent(old)}`)).status).toBe(403);
    expect(await wallStatus(eventId, fresh.token)).toEqual({ status: 200, message: null });
    expect((await live(eventId, `?wall=${encodeURIComponent(fresh.token)}`)).status).toBe(200);
    // The owner's wall link is now the new generation's; the owner's own wall is unaffected.
    expect(await wallLink(eventId)).toMatch(/\.1$/);
    expect((await get(`/api/events/${eventId}/wall`, asOwner(owner.token))).statusCode).toBe(200);

    // Renewed again: the first renewal's link stops too.
    const second = (await renew(eventId)).json().token;
    expect(second).toMatch(/\.2$/);
    expect(await wallStatus(eventId, fresh.token)).toEqual({
      status: 403,
      message: messages.wall.linkRenewed,
    });
    expect(await wallStatus(eventId, second)).toEqual({ status: 200, message: null });
  });

  it('refuses a forged new-format token as invalid, and tells a genuine one that its event is gone', async () => {
    const eventId = await newEvent();
    const token = (await renew(eventId)).json().token as string;
    const [exp, sig, version] = token.split('.');
    const flipped = `${exp}.${sig!.slice(0, -2)}${sig!.endsWith('AA') ? 'BB' : 'AA'}.${version}`;
    // A genuine signature moved to another generation, or a generation written another way.
    for (const forged of [flipped, `${exp}.${sig}.2`, `${exp}.${sig}`, `${exp}.${sig}.01`, `${token}.1`]) {
      expect(await wallStatus(eventId, forged), forged).toEqual({
        status: 403,
        message: messages.wall.linkInvalid,
      });
      expect((await live(eventId, `?wall=${encodeURIComponent(forged)}`)).status, forged).toBe(403);
    }
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/events/${eventId}`,
      headers: bearer(owner.token),
    });
    expect(deleted.statusCode).toBe(200);
    expect(await wallStatus(eventId, token)).toEqual({ status: 404, message: messages.wall.eventGone });
    expect(await wallStatus(eventId, flipped)).toEqual({ status: 403, message: messages.wall.linkInvalid });
  });

  it('ends the open streams of the old link at renewal, while the owner’s stream goes on', async () => {
    const eventId = await newEvent();
    const old = await wallLink(eventId);
    const oldStream = await live(eventId, `?wall=${encodeURIComponent(old)}`);
    const ownerStream = await live(eventId, '', asOwner(owner.token));
    expect([oldStream.status, ownerStream.status]).toEqual([200, 200]);
    const fresh = (await renew(eventId)).json().token as string;
    await expect(oldStream.waitFor(1000)).rejects.toThrow('stream ended');
    const freshStream = await live(eventId, `?wall=${encodeURIComponent(fresh)}`);
    const photoId = await upload(eventId);
    await t.app.jobs.runUntilIdle();
    for (const s of [ownerStream, freshStream]) {
      const events = await s.waitFor(s.events.filter((e) => e.event !== 'ping').length + 1);
      expect(events.filter((e) => e.event === 'photo').map((e) => JSON.parse(e.data).id)).toEqual([photoId]);
    }
  });
});

describe('wall paging', () => {
  type WallPage = {
    items: { id: string; uploader: string }[];
    nextToken: string | null;
    lastEventId: string;
  };
  const wallPage = async (eventId: string, query: string, headers: Record<string, string> = {}) => {
    const res = await get(`/api/events/${eventId}/wall?${query}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as WallPage;
  };
  const names = (page: WallPage) => page.items.map((i) => i.uploader);
  async function uploadAs(eventId: string, uploader: string): Promise<string> {
    const body = multipartBody([
      { name: 'uploader', value: uploader },
      { name: 'files', filename: 'photo.jpg', data: await readFile(f.jpeg) },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/events/${eventId}/upload`,
      payload: body.payload,
      headers: body.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().uploaded[0].id;
  }

  it('walks the whole album newest first without repeats or gaps while guests upload and the owner deletes between pages; the stream from the first page brings the rest', async () => {
    const eventId = await newEvent();
    const ids = new Map<string, string>();
    for (const n of [1, 2, 3]) ids.set(`Misafir ${n}`, await uploadAs(eventId, `Misafir ${n}`));
    // Waiting for approval in the middle of the album: never on the wall.
    await setEvent(eventId, { autoApprovePhotos: false });
    await uploadAs(eventId, 'Bekleyen');
    await setEvent(eventId, { autoApprovePhotos: true });
    for (const n of [4, 5, 6, 7]) ids.set(`Misafir ${n}`, await uploadAs(eventId, `Misafir ${n}`));
    await t.app.jobs.runUntilIdle();
    const token = await wallLink(eventId);

    const first = await wallPage(eventId, `wall=${token}&limit=3`);
    expect(names(first)).toEqual(['Misafir 7', 'Misafir 6', 'Misafir 5']);
    expect(first.nextToken).toEqual(expect.any(String));

    // Between the pages: a new upload becomes showable (the log moves on) and an item still ahead is deleted.
    const late = await uploadAs(eventId, 'Geç gelen');
    await t.app.jobs.runUntilIdle();
    expect((await deletePhoto(eventId, ids.get('Misafir 2')!)).statusCode).toBe(200);
    expect((await wallPage(eventId, `wall=${token}&limit=3`)).lastEventId).not.toBe(first.lastEventId);

    const second = await wallPage(eventId, `wall=${token}&limit=3&nextToken=${first.nextToken}`);
    expect(names(second)).toEqual(['Misafir 4', 'Misafir 3', 'Misafir 1']);
    // The owner walks the same pages with the same cursor.
    const asOwnerPage = await wallPage(eventId, `limit=3&nextToken=${first.nextToken}`, asOwner(owner.token));
    expect(names(asOwnerPage)).toEqual(names(second));
    expect(second.nextToken).toBeNull();
    // Later pages answer the first page's position: where the stream must start stays put.
    expect(second.lastEventId).toBe(first.lastEventId);
    expect(asOwnerPage.lastEventId).toBe(first.lastEventId);

    // The pages and the stream opened at the first page's position together are the album, each item once.
    const stream = await live(eventId, `?wall=${token}&lastEventId=${first.lastEventId}`);
    await stream.waitFor(2);
    expect(parsed(stream)).toMatchObject([
      { event: 'photo', data: { id: late } },
      { event: 'removed', data: { id: ids.get('Misafir 2') } },
    ]);
    const shown = [...first.items, ...second.items].map((i) => i.id);
    expect(new Set(shown).size).toBe(shown.length);
    expect([late, ...shown].sort()).toEqual(
      [late, ...[...ids.entries()].filter(([n]) => n !== 'Misafir 2').map(([, id]) => id)].sort(),
    );

    // A walk that ends exactly at a page boundary says so on that page.
    const exact = await wallPage(eventId, `wall=${token}&limit=7`);
    expect(exact.items).toHaveLength(7);
    expect(exact.nextToken).toBeNull();
    const all = await wallPage(eventId, `wall=${token}`);
    expect(all.items).toHaveLength(7);
    expect(all.nextToken).toBeNull();
  });

  it('lets only the wall token and the owner read later pages; a broken or borrowed cursor and a bad limit are 400', async () => {
    const eventId = await newEvent();
    const otherEvent = await newEvent();
    for (const n of [1, 2, 3]) await uploadAs(eventId, `Misafir ${n}`);
    await t.app.jobs.runUntilIdle();
    const valid = await wallLink(eventId);
    const [exp, sig] = valid.split('.');
    const forged = `${exp}.${sig!.slice(0, -2)}${sig!.endsWith('AA') ? 'BB' : 'AA'}`;
    const { nextToken } = await wallPage(eventId, `wall=${valid}&limit=1`);
    const later = `limit=1&nextToken=${nextToken}`;

    for (const token of [forged, await wallLink(otherEvent), 'garbage']) {
      const refused = await get(`/api/events/${eventId}/wall?wall=${encodeURIComponent(token)}&${later}`);
      expect(refused.statusCode, token).toBe(403);
      expect(refused.json().message).toBe(messages.wall.linkInvalid);
      expect(refused.body).not.toContain('Misafir');
    }
    expect((await get(`/api/events/${eventId}/wall?${later}`)).statusCode).toBe(401);
    expect((await get(`/api/events/${eventId}/wall?${later}`, asOwner(stranger.token))).statusCode).toBe(404);
    // A stranger learns nothing from a broken cursor either: access is checked first.
    expect(
      (await get(`/api/events/${eventId}/wall?nextToken=bm9wZQ`, asOwner(stranger.token))).statusCode,
    ).toBe(404);
    // The twins: the real token and the owner's session read the page.
    expect(names(await wallPage(eventId, `wall=${valid}&${later}`))).toEqual(['Misafir 2']);
    expect(names(await wallPage(eventId, later, asOwner(owner.token)))).toEqual(['Misafir 2']);

    // The owner's album cursor carries no stream position: it is not a wall cursor.
    const album = (await get(`/api/events/${eventId}/photos?limit=1`, asOwner(owner.token))).json();
    for (const [query, message] of [
      ['nextToken=bm9wZQ', messages.media.invalidCursor],
      [`nextToken=${album.nextToken}`, messages.media.invalidCursor],
      ['limit=101', messages.media.invalidLimit],
      ['limit=0', messages.media.invalidLimit],
    ]) {
      const bad = await get(`/api/events/${eventId}/wall?wall=${valid}&${query}`);
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json().message).toBe(message);
    }
    expect((await wallPage(eventId, `wall=${valid}&limit=100`)).items).toHaveLength(3);
  });
});

describe('my uploads (X-Guest-Token)', () => {
  it('lists and deletes only this phone’s uploads; another phone, a forged token or none get 404 and change nothing', async () => {
    const eventId = await newEvent();
    const tokens = createGuestTokens(t.config.secretKey);
    const phoneA = tokens.issue(eventId).token;
    const phoneB = tokens.issue(eventId).token;
    const mine = await upload(eventId, { 'x-guest-token': phoneA });
    const theirs = await upload(eventId, { 'x-guest-token': phoneB });
    // A token made for another event is no token here: that upload is anonymous.
    const anonymous = await upload(eventId, { 'x-guest-token': tokens.issue('another-event').token });
    const list = (token?: string) =>
      get(`/api/events/${eventId}/my-uploads`, token === undefined ? {} : { 'x-guest-token': token });
    const del = (id: string, token?: string) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/events/${eventId}/my-uploads/${id}`,
        headers: token === undefined ? {} : { 'x-guest-token': token },
      });

    expect((await list(phoneA)).json()).toMatchObject({
      uploads: [
        { id: mine, state: 'processing', name: path.basename(f.jpeg), type: 'image', thumbnailUrl: null },
      ],
      canDelete: true,
    });
    await t.app.jobs.runUntilIdle();
    const listed = (await list(phoneA)).json();
    expect(listed.uploads).toMatchObject([{ id: mine, state: 'approved' }]);
    expect(listed.uploads[0].thumbnailUrl).toMatch(/sig=/);
    expect((await list(phoneB)).json().uploads.map((u: { id: string }) => u.id)).toEqual([theirs]);

    const forged = `${phoneA.split('.')[0]}.${'A'.repeat(43)}`;
    for (const token of [forged, undefined, 'nonsense']) expect((await list(token)).statusCode).toBe(404);

    const stream = await live(eventId, `?wall=${await wallLink(eventId)}`);
    for (const token of [phoneB, forged, undefined]) {
      const refused = await del(mine, token);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().message).toBe(messages.myUploads.notFound);
    }
    expect((await del(anonymous, phoneA)).statusCode).toBe(404);
    expect(await photos(eventId)).toMatchObject({ photoCount: 3 });

    const deleted = await del(mine, phoneA);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ success: true, message: messages.myUploads.deleted });
    expect(await photos(eventId)).toMatchObject({ photoCount: 2 });
    expect((await list(phoneA)).json().uploads).toEqual([]);
    await stream.waitFor(1);
    expect(parsed(stream)).toMatchObject([{ event: 'removed', data: { id: mine } }]);
    expect((await del(mine, phoneA)).statusCode).toBe(404);
  });

  it('keeps a photo two phones sent in the album when the first takes it back: it passes to the second, with their name and note', async () => {
    const eventId = await newEvent();
    const [shared, own] = await Promise.all([readFile(f.jpeg), readFile(f.png)]);
    const send = (name: string, files: Buffer[], note?: string, guestToken?: string) =>
      uploadAsGuest({ apiBase: base, uploadBase: base, eventId, name, note, files, guestToken });
    const first = await send('Zeynep', [shared], 'İlk dans');
    // The second phone's copy of the same bytes is not stored again; it is told so.
    const second = await send('Mert', [shared, own], 'Pastadan önce');
    expect([first.outcomes, second.outcomes]).toEqual([['accepted'], ['duplicate', 'accepted']]);
    const list = async (token: string) =>
      (await get(`/api/events/${eventId}/my-uploads`, { 'x-guest-token': token })).json().uploads as {
        id: string;
        sentByOthersToo: boolean;
      }[];
    const del = (id: string, token: string) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/events/${eventId}/my-uploads/${id}`,
        headers: { 'x-guest-token': token },
      });
    const [sharedItem] = await list(first.guestToken);
    // The first phone is told before it deletes that the file will stay (the second sent it too).
    expect(sharedItem).toMatchObject({ sentByOthersToo: true });
    expect((await list(second.guestToken)).find((u) => u.id !== sharedItem!.id)).toMatchObject({
      sentByOthersToo: false,
    });
    const album = async () =>
      (await photos(eventId)).photos.map((p) => ({
        id: p.id,
        uploader: p.metadata.uploader,
        note: p.metadata.note,
      }));
    expect(await album()).toHaveLength(2);

    const taken = await del(sharedItem!.id, first.guestToken);
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toEqual({ success: true, message: messages.myUploads.handedOver });
    // Gone from the first phone's list, still in the album, now the second guest's.
    expect(await list(first.guestToken)).toEqual([]);
    expect(await album()).toContainEqual({ id: sharedItem!.id, uploader: 'Mert', note: 'Pastadan önce' });
    expect((await list(second.guestToken)).map((u) => u.id)).toContain(sharedItem!.id);
    expect((await del(sharedItem!.id, first.guestToken)).statusCode).toBe(404);

    // The first phone sends it again: it gave the item once more, and the second's taking it back
    // passes it home; when the last phone that sent it takes it back, it leaves the album.
    expect((await send('Zeynep', [shared], undefined, first.guestToken)).outcomes).toEqual(['duplicate']);
    expect((await del(sharedItem!.id, second.guestToken)).statusCode).toBe(200);
    expect(await album()).toContainEqual({ id: sharedItem!.id, uploader: 'Zeynep', note: null });
    const [again] = await list(first.guestToken);
    expect(again?.id).toBe(sharedItem!.id);
    expect(again).toMatchObject({ sentByOthersToo: false });
    const last = await del(sharedItem!.id, first.guestToken);
    expect(last.json()).toEqual({ success: true, message: messages.myUploads.deleted });
    expect((await album()).map((p) => p.id)).not.toContain(sharedItem!.id);
    expect(await album()).toHaveLength(1);
  });

  it('treats an over-long token like a forged one: 404 in Turkish for its list and deletes, an anonymous upload', async () => {
    const eventId = await newEvent();
    const phone = createGuestTokens(t.config.secretKey).issue(eventId).token;
    const mine = await upload(eventId, { 'x-guest-token': phone });
    const long = `${phone}${'A'.repeat(300)}`;
    // Uploading with it is not refused: the upload is anonymous, like one with no token.
    const anonymous = await upload(eventId, { 'x-guest-token': long });
    const refusals = [
      await get(`/api/events/${eventId}/my-uploads`, { 'x-guest-token': long }),
      await t.app.inject({
        method: 'DELETE',
        url: `/api/events/${eventId}/my-uploads/${mine}`,
        headers: { 'x-guest-token': long },
      }),
    ];
    for (const refused of refusals) {
      expect(refused.statusCode).toBe(404);
      expect(refused.json().message).toBe(messages.myUploads.notFound);
    }
    // The twin: the phone's own token lists its upload (and not the anonymous one) and deletes it.
    const listed = await get(`/api/events/${eventId}/my-uploads`, { 'x-guest-token': phone });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().uploads.map((u: { id: string }) => u.id)).toEqual([mine]);
    expect(anonymous).not.toBe(mine);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/events/${eventId}/my-uploads/${mine}`,
      headers: { 'x-guest-token': phone },
    });
    expect(deleted.statusCode).toBe(200);
  });

  it('shows a waiting upload as pending, and refuses deletion with 403 once the owner closed uploads', async () => {
    const eventId = await newEvent({ autoApprovePhotos: false });
    const phone = createGuestTokens(t.config.secretKey).issue(eventId).token;
    const id = await upload(eventId, { 'x-guest-token': phone });
    await t.app.jobs.runUntilIdle();
    const list = () => get(`/api/events/${eventId}/my-uploads`, { 'x-guest-token': phone });
    expect((await list()).json().uploads).toMatchObject([{ id, state: 'pending' }]);

    await setEvent(eventId, { canAddPhotos: false });
    expect((await list()).json()).toMatchObject({ canDelete: false, uploads: [{ id }] });
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/api/events/${eventId}/my-uploads/${id}`,
      headers: { 'x-guest-token': phone },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(messages.myUploads.closed);
    expect(await photos(eventId)).toMatchObject({ pendingCount: 1 });

    // The twin: reopened, the same request deletes it and uncounts it.
    await setEvent(eventId, { canAddPhotos: true });
    const allowed = await t.app.inject({
      method: 'DELETE',
      url: `/api/events/${eventId}/my-uploads/${id}`,
      headers: { 'x-guest-token': phone },
    });
    expect(allowed.statusCode).toBe(200);
    expect(await photos(eventId)).toMatchObject({ pendingCount: 0, photoCount: 0 });
  });
});

describe('live stream bounds', () => {
  let small: TestApp;
  let smallBase: string;
  let host: TestUser;
  beforeAll(async () => {
    small = await createTestApp({ liveLimits: { perEvent: 3, perIp: 2, heartbeatMs: 50 } });
    host = await createActivatedUser(small);
    await small.app.listen({ host: '127.0.0.1', port: 0 });
    smallBase = `http://127.0.0.1:${(small.app.server.address() as AddressInfo).port}`;
  });
  let closed = false;
  afterAll(async () => {
    if (!closed) await small.close();
  });

  it('refuses a connection past the bound with 429, and frees its place when a client goes away', async () => {
    const created = await small.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: bearer(host.token),
      payload: { title: 'Sınır Testi', eventDate: new Date().toISOString() },
    });
    const eventId = created.json().event.id;
    const open = () => openSse(`${smallBase}/api/events/${eventId}/live`, bearer(host.token));
    const [first, second] = [await open(), await open()];
    expect([first.status, second.status]).toEqual([200, 200]);
    // A quiet stream still says something now and then, so no proxy (and no wall) takes it for dead:
    // a `ping` event the browser's EventSource shows the page, with no id to move the stream's position.
    await expect.poll(() => first.events.length).toBeGreaterThan(0);
    expect(first.events.every((e) => e.event === 'ping' && e.id === null && e.data === '{}')).toBe(true);
    const third = await open();
    expect(third.status).toBe(429);
    second.close();
    // The server notices the closed socket and releases the place; the next client gets in.
    await expect
      .poll(async () => {
        const next = await open();
        next.close();
        return next.status;
      })
      .toBe(200);
    first.close();
  });

  it('ends open streams when the server shuts down, instead of waiting for them forever', async () => {
    const created = await small.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: bearer(host.token),
      payload: { title: 'Kapanış', eventDate: new Date().toISOString() },
    });
    // The previous test's streams were just closed: their places free up once the server notices.
    let stream: SseStream | undefined;
    await expect
      .poll(async () => {
        stream?.close();
        stream = await openSse(`${smallBase}/api/events/${created.json().event.id}/live`, bearer(host.token));
        return stream.status;
      })
      .toBe(200);
    closed = true;
    await small.close();
    await expect(stream!.waitFor(1)).rejects.toThrow(/ended/);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'live stream when the listening connection is lost (PostgreSQL)',
  () => {
    it('reconnects and delivers what was committed while it was away', async () => {
      const eventId = await newEvent();
      const stream = await live(eventId, `?wall=${await wallLink(eventId)}`);
      expect(stream.status).toBe(200);
      const killed = await t.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${listenerApplicationName} and datname = current_database()`,
      );
      expect((killed as { rows: unknown[] }).rows).toHaveLength(1);
      // Committed while nobody listens: its NOTIFY is lost, the log row is not.
      const id = await upload(eventId);
      await t.app.jobs.runUntilIdle();
      const [event] = await stream.waitFor(1);
      expect(JSON.parse(event!.data)).toMatchObject({ id });
    });
  },
);

describe('a wall whose client leaves while its stream is being opened', () => {
  // The routes alone, with a hub whose subscription is held until the test lets it go, so the client
  // can be gone before the stream listens for its connection's end.
  const app = Fastify();
  let held: { reached: () => void; go: Promise<void> } | null = null;
  let subscribed = 0;
  let unsubscribed = 0;
  const responses: ServerResponse[] = [];
  const hub: LiveHub = {
    async subscribe() {
      subscribed += 1;
      if (held) {
        held.reached();
        await held.go;
      }
      return () => void (unsubscribed += 1);
    },
    close: async () => undefined,
  };
  const service = {
    openStream: async () => ({ position: 0, closesAt: null, linkVersion: null }),
    liveSince: async (_eventId: string, position: number) => ({ messages: [], next: position, more: false }),
    streamAllowed: async () => true,
  } as unknown as LiveService;
  let url: string;
  beforeAll(async () => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(app);
    app.addHook('onRequest', async (_request, reply) => void responses.push(reply.raw));
    await app.register(liveRoutes, { service, hub, limits: { perEvent: 1, perIp: 1, heartbeatMs: 60_000 } });
    await app.listen({ host: '127.0.0.1', port: 0 });
    url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/events/ev-1/live`;
  });
  afterAll(() => app.close());

  it('holds the place of a stream that stays open: a second one is refused until it goes', async () => {
    const first = await openSse(url);
    streams.push(first);
    expect(first.status).toBe(200);
    const second = await openSse(url);
    expect(second.status).toBe(429);
    second.close();
    first.close();
    // Its place comes back once the server sees it gone, before the next test takes the same one.
    await expect.poll(() => unsubscribed, { timeout: 2000 }).toBe(1);
  });

  it('gives its places and its subscription back, so the next wall gets in', async () => {
    let reached!: () => void;
    let go!: () => void;
    const subscribing = new Promise<void>((resolve) => (reached = resolve));
    held = { reached, go: new Promise<void>((resolve) => (go = resolve)) };
    const controller = new AbortController();
    const left = fetch(url, { signal: controller.signal }).catch(() => null);
    await subscribing;
    const response = responses.at(-1)!;
    const closed = once(response, 'close');
    controller.abort();
    await left;
    // The server has seen the connection end before the stream listens for it.
    await closed;
    held = null;
    go();
    await expect.poll(() => unsubscribed, { timeout: 2000 }).toBe(2);

    const next = await openSse(url);
    streams.push(next);
    expect(next.status).toBe(200);
    expect(subscribed).toBe(3);
  });
});
