import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retentionEnd, stockCovers, turkishLongDate } from '@ani/contract/events';
import { messages } from '@ani/contract/messages';
import { events, media } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../testing/create-test-app.ts';
import { createEventsRepository } from './events.repository.ts';
import { bearer, createActivatedUser, type TestUser } from '../../testing/factories.ts';
import { storedOriginals } from '../../testing/stored-originals.ts';
import { mediaFixtures, type MediaFixtures } from '../../testing/media-fixtures.ts';
import { multipartBody } from '../../testing/multipart-body.ts';

const DAY = 24 * 60 * 60 * 1000;
// The clock the app reads runs with real time plus an offset; each step moves the offset instead of
// waiting a year (jobs queued "now" in real time stay due).
let offset = 0;
const clock = () => new Date(Date.now() + offset);
let t: TestApp;
let f: MediaFixtures;
let owner: TestUser;
let other: TestUser;

beforeAll(async () => {
  [t, f] = await Promise.all([createTestApp({ clock }), mediaFixtures()]);
  [owner, other] = [await createActivatedUser(t), await createActivatedUser(t)];
});
afterAll(() => t.close());

async function newEvent(user: TestUser, eventDate: Date): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/events',
    headers: bearer(user.token),
    payload: { title: 'Elif & Can Düğünü', eventDate: eventDate.toISOString() },
  });
  expect(res.statusCode).toBe(201);
  return res.json().event.id;
}

async function upload(eventId: string) {
  const data = await readFile(f.jpeg);
  return t.app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/upload`,
    ...multipartBody([
      { name: 'uploader', value: 'Zeynep' },
      { name: 'files', filename: path.basename(f.jpeg), data },
    ]),
  });
}

async function storedKeys(eventId: string): Promise<string[]> {
  const rows = await t.db.select().from(media).where(eq(media.eventId, eventId));
  return rows.flatMap((r) => [r.objectKey, r.thumbnailKey, r.previewKey].filter((k): k is string => !!k));
}

const getEvent = async (user: TestUser, eventId: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/events/${eventId}`, headers: bearer(user.token) })).json()
    .event;

/** Moves the clock and lets the due jobs (the hourly sweep, then what it queued) run. */
async function advanceTo(at: Date) {
  offset = at.getTime() - Date.now();
  await t.app.jobs.runUntilIdle();
}

const mailsTo = (email: string) => t.outbox.filter((m) => m.to === email);

describe('album retention', () => {
  it('warns 30 and 7 days before, once each, then removes the files and archives only that event', async () => {
    const start = clock();
    const eventDate = new Date(start.getTime() + DAY);
    const kept = await newEvent(owner, eventDate);
    const later = await newEvent(other, new Date(start.getTime() + 40 * DAY));
    expect((await upload(kept)).statusCode).toBe(200);
    expect((await upload(kept)).statusCode).toBe(200);
    expect((await upload(later)).statusCode).toBe(200);
    await t.app.jobs.runUntilIdle();
    // Both albums have a custom cover made from one of their photos.
    const coverFiles: Record<string, string[]> = {};
    for (const [user, eventId] of [
      [owner, kept],
      [other, later],
    ] as const) {
      const [photo] = await t.db.select().from(media).where(eq(media.eventId, eventId));
      const set = await t.app.inject({
        method: 'PUT',
        url: `/api/events/${eventId}/cover`,
        headers: bearer(user.token),
        payload: { photoId: photo!.id },
      });
      expect(set.statusCode, set.body).toBe(200);
      const [row] = await t.db.select().from(events).where(eq(events.id, eventId));
      coverFiles[eventId] = row!.coverWidths!.map((w) => `${row!.coverKey}-${w}.avif`);
    }
    const keptKeys = await storedKeys(kept);
    const laterKeys = await storedKeys(later);
    expect(keptKeys.length).toBeGreaterThanOrEqual(4);
    await t.app.jobs.scheduleRecurringJobs();

    const removal = retentionEnd(eventDate, 12);
    const listed = (
      await t.app.inject({ method: 'GET', url: '/api/events', headers: bearer(owner.token) })
    ).json().events;
    expect(listed[0]).toMatchObject({ id: kept, retainedUntil: removal.toISOString(), archivedAt: null });

    const mailsBefore = mailsTo(owner.email).length;
    await advanceTo(new Date(removal.getTime() - 31 * DAY));
    expect(mailsTo(owner.email)).toHaveLength(mailsBefore);

    await advanceTo(new Date(removal.getTime() - 30 * DAY + 60_000));
    const first = mailsTo(owner.email).slice(mailsBefore);
    expect(first).toHaveLength(1);
    expect(first[0]!.subject).toContain('30 gün sonra silinecek');
    expect(first[0]!.text).toContain(`${turkishLongDate(removal)} tarihinde doluyor`);
    expect(first[0]!.text).toContain(`http://localhost:3000/events/${kept}`);

    // The link in the mail downloads the album without signing in.
    const zipUrl = new URL(/ZIP olarak indir: (\S+)/.exec(first[0]!.text)![1]!);
    const zip = await t.app.inject({ method: 'GET', url: `${zipUrl.pathname}${zipUrl.search}` });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');

    // Later sweeps, and a restarted instance scheduling its own sweep, do not send it again.
    await t.app.jobs.scheduleRecurringJobs();
    await advanceTo(new Date(removal.getTime() - 20 * DAY));
    await advanceTo(new Date(removal.getTime() - 10 * DAY));
    expect(mailsTo(owner.email).slice(mailsBefore)).toHaveLength(1);

    await advanceTo(new Date(removal.getTime() - 7 * DAY + 60_000));
    await advanceTo(new Date(removal.getTime() - 2 * DAY));
    const warnings = mailsTo(owner.email).slice(mailsBefore);
    expect(warnings.map((m) => m.subject)).toEqual([
      expect.stringContaining('30 gün'),
      expect.stringContaining('Son 7 gün'),
    ]);
    expect(await getEvent(owner, kept)).toMatchObject({ archivedAt: null, photoCount: 2 });

    await advanceTo(new Date(removal.getTime() + 60_000));
    const archived = await getEvent(owner, kept);
    expect(archived).toMatchObject({ title: 'Elif & Can Düğünü', photoCount: 2, canAddPhotos: false });
    expect(archived.archivedAt).not.toBeNull();
    for (const key of keptKeys) expect(await t.storage.stat(key)).toBeNull();
    expect(await storedKeys(kept)).toEqual([]);
    // The cover made from the album went with it: the record shows its stock cover again.
    for (const key of coverFiles[kept]!) expect(await t.storage.stat(key)).toBeNull();
    expect(stockCovers).toContain(archived.coverImage);
    // …and takes no new custom one; a stock cover may still be chosen.
    const [anyPhoto] = await t.db.select().from(media).where(eq(media.eventId, later));
    const coverAgain = await t.app.inject({
      method: 'PUT',
      url: `/api/events/${kept}/cover`,
      headers: bearer(owner.token),
      payload: { photoId: anyPhoto!.id },
    });
    expect(coverAgain.statusCode).toBe(403);
    expect(coverAgain.json().message).toBe(messages.cover.archived);
    const album = (
      await t.app.inject({ method: 'GET', url: `/api/events/${kept}/photos`, headers: bearer(owner.token) })
    ).json();
    expect(album).toMatchObject({ photos: [], photoCount: 2 });

    // Uploads stay closed, even if the host switches them on again.
    await t.app.inject({
      method: 'POST',
      url: '/api/events/update',
      headers: bearer(owner.token),
      payload: { eventId: kept, canAddPhotos: true },
    });
    const refused = await upload(kept);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(messages.upload.closed);

    // The other host's event, younger, is untouched: rows, files, not archived, never warned.
    expect(await storedKeys(later)).toEqual(laterKeys);
    for (const key of laterKeys) expect(await t.storage.stat(key)).not.toBeNull();
    for (const key of coverFiles[later]!) expect(await t.storage.stat(key)).not.toBeNull();
    expect(await getEvent(other, later)).toMatchObject({ archivedAt: null, photoCount: 1 });
  });

  it('finishes a removal cut short by a crash, and a repeated run changes nothing', async () => {
    const now = clock();
    const eventId = await newEvent(owner, new Date(now.getTime() + DAY));
    expect((await upload(eventId)).statusCode).toBe(200);
    expect((await upload(eventId)).statusCode).toBe(200);
    await t.app.jobs.runUntilIdle();
    const keys = await storedKeys(eventId);
    // As if a previous run had removed one file and died before deleting its row.
    await t.storage.delete(keys[0]!);

    await t.app.jobs.scheduleRecurringJobs();
    await advanceTo(new Date(now.getTime() + 367 * DAY));
    expect(await storedKeys(eventId)).toEqual([]);
    for (const key of keys) expect(await t.storage.stat(key)).toBeNull();
    const [row] = await t.db.select().from(events).where(eq(events.id, eventId));
    const archivedAt = row!.archivedAt;
    expect(archivedAt).not.toBeNull();

    await t.app.jobs.scheduleRecurringJobs();
    await advanceTo(new Date(now.getTime() + 369 * DAY));
    const [again] = await t.db.select().from(events).where(eq(events.id, eventId));
    expect(again!.archivedAt).toEqual(archivedAt);
    expect(again!.photoCount).toBe(2);
  });

  it('warns again for a new date when the host moves the wedding', async () => {
    offset = 0;
    const now = clock();
    const eventDate = new Date(now.getTime() + DAY);
    const eventId = await newEvent(owner, eventDate);
    await t.app.jobs.scheduleRecurringJobs();
    const before = mailsTo(owner.email).length;
    await advanceTo(new Date(eventDate.getTime() + 336 * DAY));
    expect(mailsTo(owner.email)).toHaveLength(before + 1);
    const [row] = await t.db.select().from(events).where(eq(events.id, eventId));
    expect(row!.retentionNoticeDays).toBe(30);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/events/update',
      headers: bearer(owner.token),
      payload: { eventId, eventDate: new Date(now.getTime() + 30 * DAY).toISOString() },
    });
    expect(res.statusCode).toBe(200);
    const [moved] = await t.db.select().from(events).where(eq(events.id, eventId));
    expect(moved!.retentionNoticeDays).toBeNull();
  });

  /** The settings screen's autosave: every field it owns, the stored date among them. */
  async function saveSettings(user: TestUser, eventId: string, change: Record<string, unknown>) {
    const event = await getEvent(user, eventId);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/events/update',
      headers: bearer(user.token),
      payload: {
        eventId,
        title: event.title,
        eventDate: event.eventDate,
        description: event.description,
        autoApprovePhotos: event.autoApprovePhotos,
        canAddPhotos: event.canAddPhotos,
        ...change,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  it('sends the 30-day warning once however often the settings are saved with the same date', async () => {
    offset = 0;
    const couple = await createActivatedUser(t);
    const eventDate = new Date(clock().getTime() + DAY);
    const eventId = await newEvent(couple, eventDate);
    const removal = retentionEnd(eventDate, 12);
    await t.app.jobs.scheduleRecurringJobs();
    const warnings = () => mailsTo(couple.email).filter((m) => m.subject.includes('albümünüz'));

    await advanceTo(new Date(removal.getTime() - 30 * DAY + 60_000));
    expect(warnings().map((m) => m.subject)).toEqual([expect.stringContaining('30 gün')]);
    // Two autosaves (approval switched on, then off), each with the date the album already has.
    await saveSettings(couple, eventId, { autoApprovePhotos: false });
    await saveSettings(couple, eventId, { autoApprovePhotos: true });
    await advanceTo(new Date(removal.getTime() - 29 * DAY));
    await advanceTo(new Date(removal.getTime() - 20 * DAY));
    expect(warnings().map((m) => m.subject)).toEqual([expect.stringContaining('30 gün')]);
    // The 7-day one still comes, once, and later saves do not repeat it either.
    await advanceTo(new Date(removal.getTime() - 7 * DAY + 60_000));
    await saveSettings(couple, eventId, { canAddPhotos: false });
    await advanceTo(new Date(removal.getTime() - 6 * DAY));
    expect(warnings().map((m) => m.subject)).toEqual([
      expect.stringContaining('30 gün'),
      expect.stringContaining('Son 7 gün'),
    ]);
  });

  it('warns again when a save really moves the wedding later, as the new end comes near', async () => {
    offset = 0;
    const couple = await createActivatedUser(t);
    const eventDate = new Date(clock().getTime() + DAY);
    const eventId = await newEvent(couple, eventDate);
    await t.app.jobs.scheduleRecurringJobs();
    const warnings = () => mailsTo(couple.email).filter((m) => m.subject.includes('albümünüz'));
    await advanceTo(new Date(retentionEnd(eventDate, 12).getTime() - 30 * DAY + 60_000));
    expect(warnings()).toHaveLength(1);

    // Moved 60 days later: its end is 90 days away now, so nothing is due yet…
    const movedDate = new Date(eventDate.getTime() + 60 * DAY);
    await saveSettings(couple, eventId, { eventDate: movedDate.toISOString() });
    const movedRemoval = retentionEnd(movedDate, 12);
    await advanceTo(new Date(movedRemoval.getTime() - 40 * DAY));
    expect(warnings()).toHaveLength(1);
    // …until the new end is 30 days away: a warning for the new date.
    await advanceTo(new Date(movedRemoval.getTime() - 30 * DAY + 60_000));
    const mails = warnings();
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toContain('30 gün sonra silinecek');
    expect(mails[1]!.text).toContain(`${turkishLongDate(movedRemoval)} tarihinde doluyor`);
  });

  it('keeps uploads closed on an album archived between the owner reading it and saving it', async () => {
    offset = 0;
    const couple = await createActivatedUser(t);
    const eventId = await newEvent(couple, new Date(clock().getTime() + DAY));
    const repository = createEventsRepository(t.db);
    // The owner's save read the event while it was open; the sweep archives it before the write.
    await t.db.update(events).set({ archivedAt: clock(), canAddPhotos: false }).where(eq(events.id, eventId));
    const saved = await repository.updateOwned(eventId, couple.userId, {
      canAddPhotos: true,
      title: 'Yeni Ad',
    });
    expect(saved).toMatchObject({ title: 'Yeni Ad', canAddPhotos: false });
    const refused = await upload(eventId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(messages.upload.closed);
    // An album still kept may be opened again, through the same write.
    const open = await newEvent(couple, new Date(clock().getTime() + DAY));
    await repository.updateOwned(open, couple.userId, { canAddPhotos: false });
    expect(await repository.updateOwned(open, couple.userId, { canAddPhotos: true })).toMatchObject({
      canAddPhotos: true,
    });
    expect((await upload(open)).statusCode).toBe(200);
  });

  it('links, in its warning, a ZIP that holds the items still awaiting approval', async () => {
    offset = 0;
    const couple = await createActivatedUser(t);
    const eventDate = new Date(clock().getTime() + DAY);
    const eventId = await newEvent(couple, eventDate);
    const manual = await t.app.inject({
      method: 'POST',
      url: '/api/events/update',
      headers: bearer(couple.token),
      payload: { eventId, autoApprovePhotos: false },
    });
    expect(manual.statusCode).toBe(200);
    expect((await upload(eventId)).statusCode).toBe(200);
    await t.app.jobs.runUntilIdle();
    expect((await getEvent(couple, eventId)).pendingCount).toBe(1);
    await t.app.jobs.scheduleRecurringJobs();

    await advanceTo(new Date(retentionEnd(eventDate, 12).getTime() - 30 * DAY + 60_000));
    const warning = mailsTo(couple.email).at(-1)!;
    expect(warning.subject).toContain('30 gün sonra silinecek');
    // Every item waits for approval, and every item goes at the end: the ZIP holds it.
    const zipUrl = new URL(/ZIP olarak indir: (\S+)/.exec(warning.text)![1]!);
    const zip = await t.app.inject({ method: 'GET', url: `${zipUrl.pathname}${zipUrl.search}` });
    expect(zip.statusCode, zip.body).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const [original] = await storedOriginals(t, eventId);
    expect(zip.rawPayload.includes(original!)).toBe(true);
  });

  it('keeps "1 yıl" to the calendar day when a 29 February falls in the year', async () => {
    offset = 0;
    // 12 June 19:30 in Istanbul, in the year before the next leap year: 365 days end a day early.
    let year = clock().getUTCFullYear() + 1;
    while (new Date(Date.UTC(year + 1, 1, 29)).getUTCDate() !== 29) year++;
    const eventDate = new Date(Date.UTC(year, 5, 12, 16, 30));
    const couple = await createActivatedUser(t);
    const eventId = await newEvent(couple, eventDate);
    expect((await upload(eventId)).statusCode).toBe(200);
    await t.app.jobs.runUntilIdle();
    const keys = await storedKeys(eventId);
    const oneYear = new Date(Date.UTC(year + 1, 5, 12, 16, 30));
    expect(await getEvent(couple, eventId)).toMatchObject({ retainedUntil: oneYear.toISOString() });
    await t.app.jobs.scheduleRecurringJobs();

    await advanceTo(new Date(oneYear.getTime() - 30 * DAY + 60_000));
    expect(mailsTo(couple.email).at(-1)!.text).toContain(`12 Haziran ${year + 1} tarihinde doluyor`);
    // A day past 365 days, the photos are still there: the year has not ended.
    await advanceTo(new Date(eventDate.getTime() + 365 * DAY + 60 * 60_000));
    expect(await getEvent(couple, eventId)).toMatchObject({ archivedAt: null });
    for (const key of keys) expect(await t.storage.stat(key)).not.toBeNull();

    await advanceTo(new Date(oneYear.getTime() + 60_000));
    expect((await getEvent(couple, eventId)).archivedAt).not.toBeNull();
    for (const key of keys) expect(await t.storage.stat(key)).toBeNull();
  });
});
