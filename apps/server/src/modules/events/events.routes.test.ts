import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockCovers, stockCoverSet } from '@ani/contract/events';
import { messages } from '@ani/contract/messages';
import { createTestApp, type TestApp } from '../../testing/create-test-app.ts';
import { bearer, createActivatedUser, type TestUser } from '../../testing/factories.ts';

const e = messages.events;
let t: TestApp;
let owner: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createActivatedUser(t);
  stranger = await createActivatedUser(t);
});
afterAll(() => t.close());

const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

const create = (token: string | null, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/events', payload, headers: token ? bearer(token) : {} });
const update = (token: string | null, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/events/update', payload, headers: token ? bearer(token) : {} });

async function createEvent(token: string, over: Record<string, unknown> = {}) {
  const res = await create(token, { title: 'Ayşe & Mehmet Düğünü', eventDate: dayFromToday(30), ...over });
  expect(res.statusCode).toBe(201);
  return res.json().event as {
    id: string;
    title: string;
    coverImage: string;
    eventDate: string;
    cardTheme: string | null;
  };
}

describe('POST /api/events', () => {
  it('creates a private event with a trimmed title and a stock cover', async () => {
    const res = await create(owner.token, {
      title: '  Nişan Töreni  ',
      eventDate: dayFromToday(3),
      description: 'Bahçede',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe(e.created);
    expect(body.event).toMatchObject({
      title: 'Nişan Töreni',
      description: 'Bahçede',
      isGalleryPublic: false,
      canAddPhotos: true,
      photoCount: 0,
    });
    expect(stockCovers).toContain(body.event.coverImage);
    expect(body.event.eventId).toBe(body.event.id);
  });

  it('accepts today in Istanbul', async () => {
    const res = await create(owner.token, { title: 'Bugün', eventDate: new Date().toISOString() });
    expect(res.statusCode).toBe(201);
  });

  it.each([
    [{ eventDate: dayFromToday(1) }, e.titleRequired],
    [{ title: '    ', eventDate: dayFromToday(1) }, e.titleBlank],
    [{ title: 'ab', eventDate: dayFromToday(1) }, e.titleMin],
    [{ title: 'x'.repeat(101), eventDate: dayFromToday(1) }, e.titleMax],
    [{ title: 'Düğün' }, e.dateMissing],
    [{ title: 'Düğün', eventDate: 'yarın akşam' }, e.dateInvalid],
    [{ title: 'Düğün', eventDate: dayFromToday(-2) }, e.dateInPast],
    [{ title: 'Düğün', eventDate: dayFromToday(1), description: 'a'.repeat(501) }, e.descriptionMax],
    [
      { title: 'Düğün', eventDate: dayFromToday(1), coverImage: 'https://evil.example/x.png' },
      e.coverImageInvalid,
    ],
    [{ title: 'Düğün', eventDate: 1_900_000_000_000 }, e.dateInvalid],
    [{ title: 'Düğün', eventDate: '+275760-09-13T00:00:00.000Z' }, e.dateInvalid],
    [{ title: 'Düğün', eventDate: '99999-01-01' }, e.dateInvalid],
    [{ title: 'Düğün', eventDate: dayFromToday(1), isGalleryPublic: true }, e.galleryPublicUnavailable],
    [{ title: 'Düğün', eventDate: dayFromToday(1), canAddPhotos: 'true' }, e.flagInvalid],
    [{ title: 'Düğün', eventDate: dayFromToday(1), description: 5 }, messages.generic.invalidInput],
  ])('refuses %j with its Turkish message', async (payload, message) => {
    const res = await create(owner.token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message, code: 'VALIDATION' });
  });

  it('counts the description after trimming, so trailing spaces never push it over 500', async () => {
    const res = await create(owner.token, {
      title: 'Düğün',
      eventDate: dayFromToday(1),
      description: `${'a'.repeat(500)}   `,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().event.description).toHaveLength(500);
  });

  it('requires a login', async () => {
    const res = await create(null, { title: 'Düğün', eventDate: dayFromToday(1) });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(messages.auth.loginRequired);
  });
});

describe('GET /api/events and /api/events/:id', () => {
  it("lists only the caller's events, newest date first", async () => {
    const user = await createActivatedUser(t);
    await createEvent(user.token, { title: 'Yakın', eventDate: dayFromToday(2) });
    await createEvent(user.token, { title: 'Uzak', eventDate: dayFromToday(200) });
    await createEvent(stranger.token, { title: 'Başkasının' });
    const res = await t.app.inject({ method: 'GET', url: '/api/events', headers: bearer(user.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().events.map((ev: { title: string }) => ev.title)).toEqual(['Uzak', 'Yakın']);
  });

  it('answers an over-long id with the Turkish validation message, not a router error', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/events/${'a'.repeat(150)}`,
      headers: bearer(owner.token),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: e.idMissing, code: 'VALIDATION' });
  });

  it('shows an event to its owner and 404 to a stranger; 401 anonymously', async () => {
    const event = await createEvent(owner.token);
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/events/${event.id}`,
      headers: bearer(owner.token),
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().event.title).toBe(event.title);
    const theirs = await t.app.inject({
      method: 'GET',
      url: `/api/events/${event.id}`,
      headers: bearer(stranger.token),
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe(e.notFound);
    const anon = await t.app.inject({ method: 'GET', url: `/api/events/${event.id}` });
    expect(anon.statusCode).toBe(401);
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/events/yok-boyle-bir-sey',
      headers: bearer(owner.token),
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('POST /api/events/update', () => {
  it('updates the settings of an own event', async () => {
    const event = await createEvent(owner.token);
    const res = await update(owner.token, {
      eventId: event.id,
      title: 'Yeni Ad',
      canAddPhotos: false,
      isGalleryPublic: false,
      eventDate: event.eventDate,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: e.updated,
      event: { title: 'Yeni Ad', canAddPhotos: false },
    });
  });

  it('keeps the album private: "Herkese Açık" is not selectable, here as on the page', async () => {
    const event = await createEvent(owner.token);
    const res = await update(owner.token, { eventId: event.id, isGalleryPublic: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(e.galleryPublicUnavailable);
    const fetched = await t.app.inject({
      method: 'GET',
      url: `/api/events/${event.id}`,
      headers: bearer(owner.token),
    });
    expect(fetched.json().event.isGalleryPublic).toBe(false);
  });

  it('saves the chosen table-card design on the event, and refuses unknown designs', async () => {
    const event = await createEvent(owner.token);
    expect(event.cardTheme).toBeNull();
    const setTheme = (cardTheme: unknown) => update(owner.token, { eventId: event.id, cardTheme });
    expect((await setTheme('gold')).json().event.cardTheme).toBe('gold');
    const bad = await setTheme('neon');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(e.cardThemeInvalid);
    const fetched = await t.app.inject({
      method: 'GET',
      url: `/api/events/${event.id}`,
      headers: bearer(owner.token),
    });
    expect(fetched.json().event.cardTheme).toBe('gold');
  });

  it('keeps a past date that is unchanged but refuses moving the date into the past', async () => {
    const event = await createEvent(owner.token);
    const { events } = await import('../../db/schema/index.ts');
    const { eq } = await import('drizzle-orm');
    const past = new Date(Date.now() - 10 * 86_400_000);
    await t.db.update(events).set({ eventDate: past }).where(eq(events.id, event.id));
    const unchanged = await update(owner.token, {
      eventId: event.id,
      eventDate: past.toISOString(),
      canAddPhotos: false,
    });
    expect(unchanged.statusCode).toBe(200);
    const moved = await update(owner.token, { eventId: event.id, eventDate: dayFromToday(-3) });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toBe(e.dateInPast);
  });

  it("gives 404 for a stranger's event, 401 anonymously and the Turkish message without an id", async () => {
    const event = await createEvent(owner.token);
    const stranger404 = await update(stranger.token, { eventId: event.id, title: 'Ele geçirildi' });
    expect(stranger404.statusCode).toBe(404);
    const anon = await update(null, { eventId: event.id });
    expect(anon.statusCode).toBe(401);
    const noId = await update(owner.token, {});
    expect(noId.statusCode).toBe(400);
    expect(noId.json().message).toBe(e.idMissing);
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/events/${event.id}`,
      headers: bearer(owner.token),
    });
    expect(after.json().event.title).toBe(event.title);
  });
});

describe('GET /api/events/:id/info', () => {
  it('is public and shows only what the upload page needs', async () => {
    const event = await createEvent(owner.token, { description: 'gizli açıklama' });
    const res = await t.app.inject({ method: 'GET', url: `/api/events/${event.id}/info` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      success: true,
      event: {
        title: event.title,
        eventDate: event.eventDate,
        coverImage: event.coverImage,
        cover: stockCoverSet(event.coverImage),
        photoCount: 0,
        canAddPhotos: true,
        autoApprovePhotos: true,
      },
    });
    expect(JSON.stringify(body)).not.toContain('gizli');
    expect(JSON.stringify(body)).not.toContain(owner.userId);
  });

  it('tells the guest page when the couple approves each item first', async () => {
    const event = await createEvent(owner.token, { autoApprovePhotos: false });
    const res = await t.app.inject({ method: 'GET', url: `/api/events/${event.id}/info` });
    expect(res.json().event).toMatchObject({ autoApprovePhotos: false, canAddPhotos: true });
  });

  it('gives 404 for an unknown event', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/events/bilinmeyen/info' });
    expect(res.statusCode).toBe(404);
  });
});

describe('DELETE /api/events/:id', () => {
  it('lets only the owner delete; the event is then gone', async () => {
    const event = await createEvent(owner.token);
    const bystander = await t.app.inject({
      method: 'DELETE',
      url: `/api/events/${event.id}`,
      headers: bearer(stranger.token),
    });
    expect(bystander.statusCode).toBe(404);
    const anon = await t.app.inject({ method: 'DELETE', url: `/api/events/${event.id}` });
    expect(anon.statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/events/${event.id}`,
      headers: bearer(owner.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: e.deleted });
    const info = await t.app.inject({ method: 'GET', url: `/api/events/${event.id}/info` });
    expect(info.statusCode).toBe(404);
  });
});
