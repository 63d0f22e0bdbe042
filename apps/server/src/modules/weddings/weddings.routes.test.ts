import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@ani/contract/messages';
import { events, weddings, whatsappMessages, whatsappStatusEvents } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../testing/create-test-app.ts';
import { bearer, createActivatedUser } from '../../testing/factories.ts';
import { createEventsApi } from '../events/events.public.ts';
import { createWeddingsRepository } from './weddings.repository.ts';
import { createWeddingsService } from './weddings.service.ts';
import { createWeddingHost, multipartFile, weddingBody } from '../../testing/wedding-factories.ts';
import { mediaFixtures, pngBomb } from '../../testing/media-fixtures.ts';

const w = messages.weddings;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const create = (token: string | null, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/weddings/create', headers: token ? bearer(token) : {}, payload });

/** An event made on the events page (tomorrow), without a wedding yet. */
async function eventFromEventsPage(token: string): Promise<string> {
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/events',
    headers: bearer(token),
    payload: { title: 'Albüm', eventDate: new Date(Date.now() + 86_400_000).toISOString() },
  });
  return made.json().event.id as string;
}

describe('POST /api/weddings/create', () => {
  it('creates the event and its wedding together; capacity 250 when blank', async () => {
    const host = await createActivatedUser(t);
    const res = await create(host.token, weddingBody(host.username.toLocaleUpperCase('tr-TR')));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: w.created });
    const [wedding] = await t.db.select().from(weddings).where(eq(weddings.id, body.weddingId));
    expect(wedding).toMatchObject({
      ownerId: host.userId,
      eventId: body.eventId,
      capacity: 250,
      weddingDate: '2027-06-12',
      weddingTime: '19:30',
      guestListApproved: false,
      brideSurname: 'Şahin',
    });
    const [event] = await t.db.select().from(events).where(eq(events.id, body.eventId));
    expect(event).toMatchObject({ ownerId: host.userId, title: 'Elif & Can Düğünü', photoCount: 0 });
    // 19:30 in Türkiye is 16:30 UTC.
    expect(event!.eventDate.toISOString()).toBe('2027-06-12T16:30:00.000Z');
    // The events module sees it as the host's event.
    const list = await t.app.inject({ method: 'GET', url: '/api/events', headers: bearer(host.token) });
    expect(list.json().events.map((e: { id?: string; eventId?: string }) => e.id ?? e.eventId)).toContain(
      body.eventId,
    );
  });

  it("attaches the wedding to the host's own event from the events page, once; never to a stranger's", async () => {
    const host = await createActivatedUser(t);
    const eventId = await eventFromEventsPage(host.token);
    const res = await create(host.token, { ...weddingBody(host.username), eventId });
    expect(res.statusCode).toBe(201);
    expect(res.json().eventId).toBe(eventId);
    const [event] = await t.db.select().from(events).where(eq(events.id, eventId));
    expect(event!.title).toBe('Elif & Can Düğünü');
    const list = await t.app.inject({ method: 'GET', url: '/api/events', headers: bearer(host.token) });
    expect(list.json().events).toHaveLength(1);

    const again = await create(host.token, { ...weddingBody(host.username), eventId });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(w.eventHasWedding);
    const stranger = await createActivatedUser(t);
    const theirs = await create(stranger.token, { ...weddingBody(stranger.username), eventId });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe(w.eventNotFound);
  });

  it("keeps a past day only when it is already the attached event's own: a host catching up after the wedding", async () => {
    const host = await createActivatedUser(t);
    // The wedding took place on 2026-05-09 (an event made before the day, now past it). The events
    // module's own API writes it: no route may make a past event today.
    const eventId = await t.db.transaction((tx) =>
      createEventsApi(t.db).createForWedding(tx, {
        ownerId: host.userId,
        title: 'Albüm',
        eventDate: new Date('2026-05-09T16:00:00Z'),
      }),
    );
    const otherDay = await create(host.token, {
      ...weddingBody(host.username),
      eventId,
      weddingDate: '2026-05-08',
    });
    expect(otherDay.statusCode).toBe(400);
    expect(otherDay.json().message).toBe(w.dateInPast);
    const sameDay = await create(host.token, {
      ...weddingBody(host.username),
      eventId,
      weddingDate: '2026-05-09',
    });
    expect(sameDay.statusCode).toBe(201);
    expect(sameDay.json().eventId).toBe(eventId);
  });

  it('accepts eventName instead of title and a numeric capacity', async () => {
    const host = await createActivatedUser(t);
    const { title: _title, ...rest } = weddingBody(host.username);
    const res = await create(host.token, { ...rest, eventName: 'Düğünümüz', capacity: 120 });
    expect(res.statusCode).toBe(201);
    const [wedding] = await t.db.select().from(weddings).where(eq(weddings.id, res.json().weddingId));
    expect(wedding!.capacity).toBe(120);
  });

  describe('the LCV body exactly (no event title)', () => {
    const lcvBody = (username: string) => {
      const { title: _title, ...body } = weddingBody(username, { capacity: 180 });
      return body;
    };
    const makeEvent = async (token: string, title: string) => {
      const made = await t.app.inject({
        method: 'POST',
        url: '/api/events',
        headers: bearer(token),
        payload: { title, eventDate: new Date(Date.now() + 86_400_000).toISOString() },
      });
      return made.json().event.id as string;
    };

    it("attaches to the host's single event without a wedding and keeps its title", async () => {
      const host = await createActivatedUser(t);
      const eventId = await makeEvent(host.token, 'Bizim Albüm');
      const res = await create(host.token, lcvBody(host.username));
      expect(res.statusCode).toBe(201);
      expect(res.json().eventId).toBe(eventId);
      const [event] = await t.db.select().from(events).where(eq(events.id, eventId));
      expect(event!.title).toBe('Bizim Albüm');
      expect(event!.eventDate.toISOString()).toBe('2027-06-12T16:30:00.000Z');
      const [wedding] = await t.db.select().from(weddings).where(eq(weddings.id, res.json().weddingId));
      expect(wedding).toMatchObject({ eventId, capacity: 180, brideName: 'Elif' });
    });

    it("creates an event named after the couple when the host has none free (and never takes a stranger's)", async () => {
      const stranger = await createActivatedUser(t);
      await makeEvent(stranger.token, 'Başkasının Albümü');
      const host = await createActivatedUser(t);
      const res = await create(host.token, lcvBody(host.username));
      expect(res.statusCode).toBe(201);
      const [event] = await t.db.select().from(events).where(eq(events.id, res.json().eventId));
      expect(event).toMatchObject({ ownerId: host.userId, title: 'Elif & Can Düğünü' });
      // The first event now has its wedding: a second LCV body makes another event.
      const again = await create(host.token, lcvBody(host.username));
      expect(again.statusCode).toBe(201);
      expect(again.json().eventId).not.toBe(res.json().eventId);
    });

    it('creates a new event when two free events make the choice ambiguous', async () => {
      const host = await createActivatedUser(t);
      const first = await makeEvent(host.token, 'Kına Gecesi');
      const second = await makeEvent(host.token, 'Nişan');
      const res = await create(host.token, lcvBody(host.username));
      expect(res.statusCode).toBe(201);
      expect([first, second]).not.toContain(res.json().eventId);
    });
  });

  it.each([
    ['blank username', { username: '  ' }, w.usernameRequired],
    ['blank venue', { venueName: '' }, w.venueRequired],
    ['missing bride name', { brideName: undefined }, w.brideRequired],
    ['blank groom name', { groomName: ' ' }, w.groomRequired],
    ['capacity 0', { capacity: 0 }, w.capacityPositive],
    ['negative capacity', { capacity: '-5' }, w.capacityPositive],
    ['date in another format', { weddingDate: '12.06.2027' }, w.dateInvalid],
    ['impossible date', { weddingDate: '2027-02-30' }, w.dateInvalid],
    ['missing date', { weddingDate: '' }, w.dateRequired],
    ['a day already past (its album would be closed at once)', { weddingDate: '2020-01-01' }, w.dateInPast],
    ['12-hour time', { weddingTime: '7:30 PM' }, w.timeInvalid],
    ['hour 24', { weddingTime: '24:00' }, w.timeInvalid],
    ['missing time', { weddingTime: undefined }, w.timeRequired],
    ['missing title', { title: '' }, w.createRequired],
    ['a title the events page would refuse to save', { title: 'Ev' }, messages.events.titleMin],
    ['missing venue location', { venueLocation: '' }, w.createRequired],
    ['missing bride surname', { brideSurname: '' }, w.createRequired],
    ['missing groom surname', { groomSurname: undefined }, w.createRequired],
  ])('refuses %s with its Turkish message and creates nothing', async (_case, over, message) => {
    const host = await createActivatedUser(t);
    const res = await create(host.token, weddingBody(host.username, over));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message, code: 'VALIDATION' });
    expect(await t.db.select().from(events).where(eq(events.ownerId, host.userId))).toHaveLength(0);
  });

  it("refuses another host's username (404) and anonymous callers (401)", async () => {
    const host = await createActivatedUser(t);
    const other = await createActivatedUser(t);
    const res = await create(host.token, weddingBody(other.username));
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(w.usernameNotFound);
    expect(await t.db.select().from(events).where(eq(events.ownerId, host.userId))).toHaveLength(0);
    const anon = await create(null, weddingBody(host.username));
    expect(anon.statusCode).toBe(401);
  });
});

describe('GET /api/weddings/info', () => {
  it('answers the signed-in host their wedding by their own username (Turkish case-insensitive)', async () => {
    const host = await createActivatedUser(t, { username: `İpek Işık ${Date.now()}` });
    const { weddingId } = await createWeddingHost(t, host);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/weddings/info?username=${encodeURIComponent(host.username.toLocaleLowerCase('tr-TR'))}`,
      headers: bearer(host.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      wedding: { weddingId, invitationImagePath: null, guestListApproved: false, capacity: 250 },
    });
  });

  it('hides other hosts: a stranger asking by their name gets 404; no username 400; anonymous 401', async () => {
    const owner = await createWeddingHost(t);
    const stranger = await createActivatedUser(t);
    const url = `/api/weddings/info?username=${encodeURIComponent(owner.user.username)}`;
    const res = await t.app.inject({ method: 'GET', url, headers: bearer(stranger.token) });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(w.usernameNotFound);
    expect(res.body).not.toContain(owner.weddingId);
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/weddings/info',
      headers: bearer(owner.user.token),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(w.usernameRequired);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('answers 404 for a host without a wedding', async () => {
    const host = await createActivatedUser(t);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/weddings/info?username=${encodeURIComponent(host.username)}`,
      headers: bearer(host.token),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(w.notFound);
  });
});

describe('POST /api/weddings/upload-image', () => {
  const jpeg = () =>
    sharp({ create: { width: 64, height: 48, channels: 3, background: '#c08080' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'gps-secret' } } })
      .toBuffer();
  const upload = (
    token: string | null,
    username: string,
    body: { headers: Record<string, string>; payload: Buffer },
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/weddings/upload-image?username=${encodeURIComponent(username)}`,
      headers: { ...(token ? bearer(token) : {}), ...body.headers },
      payload: body.payload,
    });

  it('stores the image (re-encoded JPEG, metadata stripped) and info then shows it', async () => {
    const { user } = await createWeddingHost(t);
    const res = await upload(
      user.token,
      user.username,
      multipartFile('image', 'davetiye.png', 'image/png', await jpeg()),
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: w.imageUploaded });
    expect(body.imageUrl).toMatch(/^\/api\/media\/weddings\//);
    // The signed URL serves the image (the browser shows it, WhatsApp fetches it as the header).
    const served = await t.app.inject({ method: 'GET', url: body.imageUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const [row] = await t.db.select().from(weddings).where(eq(weddings.ownerId, user.userId));
    const stored = await t.storage.get(row!.invitationImageKey!);
    const chunks: Buffer[] = [];
    for await (const c of stored) chunks.push(c as Buffer);
    const bytes = Buffer.concat(chunks);
    expect((await sharp(bytes).metadata()).format).toBe('jpeg');
    expect(bytes.includes(Buffer.from('gps-secret'))).toBe(false);
    const info = await t.app.inject({
      method: 'GET',
      url: `/api/weddings/info?username=${encodeURIComponent(user.username)}`,
      headers: bearer(user.token),
    });
    expect(info.json().wedding.invitationImagePath).toMatch(/^\/api\/media\/weddings\//);

    // A second upload replaces the first and removes its object.
    const again = await upload(
      user.token,
      user.username,
      multipartFile('image', 'b.jpg', 'image/jpeg', await jpeg()),
    );
    expect(again.statusCode).toBe(200);
    expect(await t.storage.stat(row!.invitationImageKey!)).toBeNull();
  });

  it('judges the type by content: a text file named .jpg gets 415 with the Turkish text', async () => {
    const { user } = await createWeddingHost(t);
    const res = await upload(
      user.token,
      user.username,
      multipartFile('image', 'x.jpg', 'image/jpeg', Buffer.from('merhaba dünya')),
    );
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(w.imageOnly);
  });

  it('tells a valid image that is too large in pixels as too large, not as broken, and stores nothing', async () => {
    const { user } = await createWeddingHost(t);
    const huge = await upload(
      user.token,
      user.username,
      multipartFile('image', 'dev.png', 'image/png', pngBomb(12_000, 12_000)),
    );
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toBe(w.imageTooManyPixels);
    const [row] = await t.db.select().from(weddings).where(eq(weddings.ownerId, user.userId));
    expect(row!.invitationImageKey).toBeNull();
    // The same file at a size within the limit, its rows missing, is what is broken.
    const broken = await upload(
      user.token,
      user.username,
      multipartFile('image', 'bozuk.png', 'image/png', pngBomb(1_000, 1_000)),
    );
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe(w.imageUnreadable);
  });

  it('refuses an iPhone HEIC with the formats it takes (415), and takes the same photo as JPEG', async () => {
    const { user } = await createWeddingHost(t);
    const files = await mediaFixtures();
    const heic = await upload(
      user.token,
      user.username,
      multipartFile('image', 'IMG_0001.HEIC', 'image/heic', await readFile(files.heic)),
    );
    expect(heic.statusCode).toBe(415);
    expect(heic.json().message).toBe(w.imageFormats);
    const jpg = await upload(
      user.token,
      user.username,
      multipartFile('image', 'IMG_0001.jpg', 'image/jpeg', await readFile(files.jpeg)),
    );
    expect(jpg.statusCode).toBe(200);
  });

  it('refuses 5 MB or more with 413 and the Turkish text', async () => {
    const { user } = await createWeddingHost(t);
    const big = Buffer.concat([await jpeg(), Buffer.alloc(5 * 1024 * 1024)]);
    const res = await upload(user.token, user.username, multipartFile('image', 'big.jpg', 'image/jpeg', big));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(w.imageTooLarge);
  });

  it('needs a file in field "image" ("Dosya seçilmedi"), the own username, and a token', async () => {
    const { user } = await createWeddingHost(t);
    const wrongField = await upload(
      user.token,
      user.username,
      multipartFile('file', 'a.jpg', 'image/jpeg', await jpeg()),
    );
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().message).toBe(w.fileMissing);
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: `/api/weddings/upload-image?username=${encodeURIComponent(user.username)}`,
      headers: bearer(user.token),
      payload: {},
    });
    expect(notMultipart.statusCode).toBe(400);
    expect(notMultipart.json().message).toBe(w.fileMissing);
    const broken = await upload(user.token, user.username, {
      headers: { 'content-type': 'multipart/form-data; boundary=abc' },
      payload: Buffer.from(
        '--abc\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\n\r\nkesik',
      ),
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe(w.imageUploadFailed);
    const stranger = await createActivatedUser(t);
    const foreign = await upload(
      stranger.token,
      user.username,
      multipartFile('image', 'a.jpg', 'image/jpeg', await jpeg()),
    );
    expect(foreign.statusCode).toBe(404);
    const anon = await upload(
      null,
      user.username,
      multipartFile('image', 'a.jpg', 'image/jpeg', await jpeg()),
    );
    expect(anon.statusCode).toBe(401);
  });
});

describe('deleting the event of a wedding', () => {
  const card = () =>
    sharp({ create: { width: 64, height: 48, channels: 3, background: '#80a0c0' } })
      .jpeg()
      .toBuffer();

  /** The host's latest wedding gets an invitation image; answers its storage key. */
  async function withImage(host: { token: string; username: string }, weddingId: string) {
    const body = multipartFile('image', 'davetiye.jpg', 'image/jpeg', await card());
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/weddings/upload-image?username=${encodeURIComponent(host.username)}`,
      headers: { ...bearer(host.token), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.db.select().from(weddings).where(eq(weddings.id, weddingId));
    expect(await t.storage.stat(row!.invitationImageKey!)).not.toBeNull();
    return row!.invitationImageKey!;
  }

  /** A sent invitation and the delivery report the webhook stored for it (keyed by provider id only). */
  async function withDeliveryReport(weddingId: string): Promise<string> {
    const providerMessageId = `wamid.${weddingId}`;
    await t.db.insert(whatsappMessages).values({
      id: `msg-${weddingId}`,
      weddingId,
      phone: '+905321234567',
      direction: 'outbound',
      kind: 'invitation',
      body: 'Davetiye',
      status: 'delivered',
      providerMessageId,
    });
    await t.db.insert(whatsappStatusEvents).values([
      { id: `se1-${weddingId}`, providerMessageId, status: 'sent', occurredAt: new Date() },
      { id: `se2-${weddingId}`, providerMessageId, status: 'delivered', occurredAt: new Date() },
    ]);
    return providerMessageId;
  }

  const reportsOf = (providerMessageId: string) =>
    t.db
      .select()
      .from(whatsappStatusEvents)
      .where(eq(whatsappStatusEvents.providerMessageId, providerMessageId));

  it("removes the wedding's invitation image and delivery reports; the host's other wedding keeps its own", async () => {
    const gone = await createWeddingHost(t);
    const goneImage = await withImage(gone.user, gone.weddingId);
    const goneReports = await withDeliveryReport(gone.weddingId);
    // The same host's second wedding (now the latest, so the upload names it).
    const kept = await createWeddingHost(t, gone.user);
    const keptImage = await withImage(kept.user, kept.weddingId);
    const keptReports = await withDeliveryReport(kept.weddingId);
    // A provider id both weddings' messages carry (a reply stored in each): its report is still the
    // kept wedding's.
    const sharedReports = `wamid.shared-${kept.weddingId}`;
    await t.db.insert(whatsappMessages).values(
      [gone.weddingId, kept.weddingId].map((weddingId) => ({
        id: `reply-${weddingId}`,
        weddingId,
        phone: '+905321234567',
        direction: 'inbound' as const,
        kind: 'text' as const,
        body: 'Geliyoruz',
        status: 'received' as const,
        providerMessageId: sharedReports,
        unmatched: true,
      })),
    );
    await t.db.insert(whatsappStatusEvents).values({
      id: `se-${sharedReports}`,
      providerMessageId: sharedReports,
      status: 'read',
      occurredAt: new Date(),
    });

    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/events/${gone.eventId}`,
      headers: bearer(gone.user.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    // The reports go in the deletion's own transaction; the image once the queued removal has run.
    expect(await reportsOf(goneReports)).toEqual([]);
    await t.app.jobs.runUntilIdle();
    expect(await t.storage.stat(goneImage)).toBeNull();
    expect(await t.db.select().from(weddings).where(eq(weddings.id, gone.weddingId))).toEqual([]);

    expect(await t.storage.stat(keptImage)).not.toBeNull();
    expect(await reportsOf(keptReports)).toHaveLength(2);
    expect(await reportsOf(sharedReports)).toHaveLength(1);
    const info = await t.app.inject({
      method: 'GET',
      url: `/api/weddings/info?username=${encodeURIComponent(kept.user.username)}`,
      headers: bearer(kept.user.token),
    });
    expect(info.json().wedding.invitationImagePath).toMatch(/^\/api\/media\/weddings\//);
  });

  it('removes an invitation image whose wedding went with its event while the image was being stored', async () => {
    const host = await createWeddingHost(t);
    const repository = createWeddingsRepository(t.db);
    let written: string | undefined;
    const service = createWeddingsService({
      repository: {
        ...repository,
        // The host deletes the event between the image's write and its row's update.
        async setInvitationImage(weddingId, key) {
          written = key;
          const del = await t.app.inject({
            method: 'DELETE',
            url: `/api/events/${host.eventId}`,
            headers: bearer(host.user.token),
          });
          expect(del.statusCode).toBe(200);
          return repository.setInvitationImage(weddingId, key);
        },
      },
      events: createEventsApi(t.db),
      storage: t.storage,
    });
    const user = {
      id: host.user.userId,
      username: host.user.username,
      email: host.user.email,
      sessionId: '',
    };
    await expect(service.uploadInvitationImage(user, host.user.username, await card())).rejects.toMatchObject(
      {
        message: w.notFound,
      },
    );
    expect(written).toMatch(new RegExp(`^weddings/${host.weddingId}/`));
    expect(await t.storage.stat(written!)).toBeNull();
  });
});
