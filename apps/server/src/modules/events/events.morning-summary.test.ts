import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { istanbulDay, turkishLongDate } from '@ani/contract/events';
import { createGuestTokens } from '../../http/guest-tokens.ts';
import { createTestApp, type TestApp } from '../../testing/create-test-app.ts';
import { bearer, createActivatedUser, type TestUser } from '../../testing/factories.ts';
import { mediaFixtures, type MediaFixtures } from '../../testing/media-fixtures.ts';
import { multipartBody } from '../../testing/multipart-body.ts';
import { storedOriginals } from '../../testing/stored-originals.ts';

const DAY = 24 * 60 * 60 * 1000;
// Real time plus an offset: each step moves the offset (jobs queued "now" in real time stay due).
let offset = 0;
const clock = () => new Date(Date.now() + offset);
let t: TestApp;
let f: MediaFixtures;
let owner: TestUser;

beforeAll(async () => {
  [t, f] = await Promise.all([createTestApp({ clock }), mediaFixtures()]);
  owner = await createActivatedUser(t);
  // What start() does in a server: the sweeps get their first slot.
  await t.app.jobs.scheduleRecurringJobs();
});
afterAll(() => t.close());

/** 20:00 Istanbul time, `days` after today's date there. */
function eveningIn(days: number): Date {
  const today = new Date(`${istanbulDay(new Date())}T20:00:00+03:00`);
  return new Date(today.getTime() + days * DAY);
}

async function newEvent(title: string, eventDate: Date): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/events',
    headers: bearer(owner.token),
    payload: { title, eventDate: eventDate.toISOString() },
  });
  expect(res.statusCode).toBe(201);
  return res.json().event.id;
}

async function upload(eventId: string, uploader: string, file: string, headers: Record<string, string> = {}) {
  const body = multipartBody([
    { name: 'uploader', value: uploader },
    { name: 'files', filename: path.basename(file), data: await readFile(file) },
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/upload`,
    payload: body.payload,
    headers: { ...body.headers, ...headers },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function advanceTo(at: Date) {
  offset = at.getTime() - Date.now();
  await t.app.jobs.runUntilIdle();
}
const summaries = () => t.outbox.filter((m) => m.to === owner.email && /paylaştı/.test(m.subject));

describe('morning-after summary', () => {
  it('mails the owner once at 09:00 Istanbul time the day after, with what was shared and by how many guests', async () => {
    const eventDate = eveningIn(1);
    const eventId = await newEvent('Elif & Can Düğünü', eventDate);
    const quiet = await newEvent('Boş Etkinlik', eventDate);
    const later = await newEvent('Sonraki Düğün', eveningIn(5));
    const tokens = createGuestTokens(t.config.secretKey);
    const phoneA = { 'x-guest-token': tokens.issue(eventId).token };
    const phoneB = { 'x-guest-token': tokens.issue(eventId).token };
    // Guests: phone A (2 photos, under two spellings of a name), phone B (1 photo, awaiting approval),
    // "Zeynep" without a token twice (a video and a photo, the name spelled two ways), "Ali" once.
    await upload(eventId, 'Ayşe', f.jpeg, phoneA);
    await upload(eventId, 'Ayşe Y.', f.png, phoneA);
    await upload(eventId, 'Zeynep', f.mp4);
    await upload(eventId, 'zeynep', f.webp);
    await upload(eventId, 'Ali', f.jpeg);
    await upload(later, 'Ali', f.jpeg);
    const closed = await t.app.inject({
      method: 'POST',
      url: '/api/events/update',
      headers: bearer(owner.token),
      payload: { eventId, autoApprovePhotos: false },
    });
    expect(closed.statusCode).toBe(200);
    await upload(eventId, 'Mert', f.gif, phoneB);
    await t.app.jobs.runUntilIdle();

    const morning = new Date(`${istanbulDay(new Date(eventDate.getTime() + DAY))}T09:00:00+03:00`);
    await advanceTo(new Date(morning.getTime() - 60_000));
    expect(summaries()).toEqual([]);

    await advanceTo(new Date(morning.getTime() + 10 * 60_000 + 1000));
    expect(summaries()).toHaveLength(1);
    const [mail] = summaries();
    expect(mail!.subject).toBe('“Elif & Can Düğünü”: misafirleriniz 5 fotoğraf ve 1 video paylaştı');
    expect(mail!.text).toContain(
      `${turkishLongDate(eventDate)} tarihindeki “Elif & Can Düğünü” etkinliğinizde 4 misafiriniz toplam 5 fotoğraf ve 1 video paylaştı.`,
    );
    expect(mail!.text).toContain('Bunlardan 1 dosya onayınızı bekliyor');
    expect(mail!.text).toContain(`Albümü aç: ${t.config.publicUrl}/events/${eventId}`);
    const zip = /Tümünü ZIP olarak indir: (\S+)/.exec(mail!.text)![1]!;
    const zipUrl = new URL(zip);
    const download = await t.app.inject({ method: 'GET', url: `${zipUrl.pathname}${zipUrl.search}` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');

    // Later sweeps (and the other events: nothing shared, or not their morning yet) send nothing more.
    await advanceTo(new Date(morning.getTime() + 3 * 60 * 60_000));
    await advanceTo(new Date(morning.getTime() + 20 * 60 * 60_000));
    expect(summaries()).toHaveLength(1);
    expect(
      t.outbox.filter((m) => m.subject.includes('Boş Etkinlik') || m.subject.includes('Sonraki')),
    ).toEqual([]);
    expect(quiet).not.toBe(eventId);

    // The later event gets its own, once, on its own morning.
    await advanceTo(new Date(morning.getTime() + 4 * DAY + 60 * 60_000));
    expect(summaries().map((m) => m.subject)).toEqual([
      mail!.subject,
      '“Sonraki Düğün”: misafirleriniz 1 fotoğraf paylaştı',
    ]);
  });

  it('links a ZIP that holds the items still awaiting approval, even when every item does', async () => {
    // Later than the test above moves the clock, so its sweeps have not claimed this one.
    const eventDate = eveningIn(8);
    const eventId = await newEvent('Deniz & Efe Düğünü', eventDate);
    const manual = await t.app.inject({
      method: 'POST',
      url: '/api/events/update',
      headers: bearer(owner.token),
      payload: { eventId, autoApprovePhotos: false },
    });
    expect(manual.statusCode).toBe(200);
    await upload(eventId, 'Ayşe', f.jpeg);
    await upload(eventId, 'Mert', f.png);
    await t.app.jobs.runUntilIdle();

    const morning = new Date(`${istanbulDay(new Date(eventDate.getTime() + DAY))}T09:00:00+03:00`);
    await advanceTo(new Date(morning.getTime() + 10 * 60_000 + 1000));
    const mail = summaries().find((m) => m.subject.includes('Deniz & Efe'));
    expect(mail!.subject).toBe('“Deniz & Efe Düğünü”: misafirleriniz 2 fotoğraf paylaştı');
    const zipUrl = new URL(/Tümünü ZIP olarak indir: (\S+)/.exec(mail!.text)![1]!);
    const download = await t.app.inject({ method: 'GET', url: `${zipUrl.pathname}${zipUrl.search}` });
    expect(download.statusCode, download.body).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    // The archive stores its entries as they are: both stored originals are in it, byte for byte.
    const originals = await storedOriginals(t, eventId);
    expect(originals).toHaveLength(2);
    for (const original of originals) expect(download.rawPayload.includes(original)).toBe(true);
    // The mail says how many wait, and that the ZIP holds them too.
    expect(mail!.text).toContain('Bunlardan 2 dosya onayınızı bekliyor');
    expect(mail!.text).toContain('onayınızı bekleyenler de dahil, tek bir ZIP dosyası');
  });
});
