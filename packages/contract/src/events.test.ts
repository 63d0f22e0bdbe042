import { describe, expect, it } from 'vitest';
import {
  createEventInput,
  firstChoosableDay,
  isBeforeTodayInIstanbul,
  isNewPastDay,
  istanbulDay,
  retentionEnd,
  stockCovers,
  turkishLongDate,
  updateEventInput,
} from './events.ts';
import { deletePhotosInput, formatMessage, photosQuery } from './media.ts';
import { messages } from './messages.ts';

const e = messages.events;
const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0]!.message;

describe('Istanbul calendar days', () => {
  it('uses Türkiye time (UTC+3) for "today"', () => {
    expect(istanbulDay(new Date('2026-06-01T21:30:00Z'))).toBe('2026-06-02');
    const now = new Date('2026-06-02T09:00:00Z');
    // Chosen as local midnight of 2 June in Istanbul: not in the past.
    expect(isBeforeTodayInIstanbul(new Date('2026-06-01T21:00:00Z'), now)).toBe(false);
    expect(isBeforeTodayInIstanbul(new Date('2026-06-01T20:59:00Z'), now)).toBe(true);
  });
});

describe('days a host may choose', () => {
  const now = new Date('2026-06-10T09:00:00Z');
  const pastDay = new Date('2026-06-01T12:00:00Z');
  const today = new Date('2026-06-10T12:00:00Z');

  it('refuses a past day the album does not have, and keeps the day it has', () => {
    expect(isNewPastDay(pastDay, null, now)).toBe(true);
    expect(isNewPastDay(pastDay, new Date('2026-07-01T12:00:00Z'), now)).toBe(true);
    // The same Istanbul day at another hour is the album's own day.
    expect(isNewPastDay(pastDay, new Date('2026-06-01T05:00:00Z'), now)).toBe(false);
    expect(isNewPastDay(today, null, now)).toBe(false);
  });

  it("offers today as the first day, or the album's own earlier day", () => {
    expect(firstChoosableDay(null, now)).toBe('2026-06-10');
    expect(firstChoosableDay(pastDay, now)).toBe('2026-06-01');
    expect(firstChoosableDay(new Date('2026-07-01T12:00:00Z'), now)).toBe('2026-06-10');
  });
});

describe('createEventInput', () => {
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString();

  it('trims the title and applies defaults', () => {
    const parsed = createEventInput.parse({ title: '  Kına Gecesi ', eventDate: tomorrow });
    expect(parsed).toMatchObject({
      title: 'Kına Gecesi',
      isGalleryPublic: false,
      canAddPhotos: true,
      description: null,
      coverImage: null,
    });
  });

  it.each([
    [{ eventDate: tomorrow }, e.titleRequired],
    [{ title: ' ', eventDate: tomorrow }, e.titleBlank],
    [{ title: 'ab', eventDate: tomorrow }, e.titleMin],
    [{ title: 'a'.repeat(101), eventDate: tomorrow }, e.titleMax],
    [{ title: 'Düğün' }, e.dateMissing],
    [{ title: 'Düğün', eventDate: '31.02.2026' }, e.dateInvalid],
    [{ title: 'Düğün', eventDate: '2020-01-01' }, e.dateInPast],
    [{ title: 'Düğün', eventDate: tomorrow, description: 'x'.repeat(501) }, e.descriptionMax],
    [{ title: 'Düğün', eventDate: tomorrow, coverImage: 'javascript:alert(1)' }, e.coverImageInvalid],
  ])('refuses %j with the Turkish text', (input, message) => {
    expect(firstMessage(createEventInput.safeParse(input))).toBe(message);
  });

  it('accepts one of the 8 stock covers', () => {
    expect(stockCovers).toHaveLength(8);
    expect(
      createEventInput.parse({ title: 'Düğün', eventDate: tomorrow, coverImage: stockCovers[3] }).coverImage,
    ).toBe(stockCovers[3]);
  });

  it('lets an update keep a past date (the service checks changes)', () => {
    expect(updateEventInput.safeParse({ eventId: 'x', eventDate: '2020-01-01' }).success).toBe(true);
    expect(firstMessage(updateEventInput.safeParse({}))).toBe(e.idMissing);
  });
});

describe('media contract', () => {
  it('defaults photos paging to page 1, limit 4, thumbnails on, every status; max limit 100', () => {
    expect(photosQuery.parse({})).toEqual({ page: 1, limit: 4, thumbnail: true, status: 'all' });
    expect(photosQuery.safeParse({ status: 'rejected' }).success).toBe(false);
    expect(photosQuery.parse({ page: '2', limit: '12', thumbnail: 'false' })).toMatchObject({
      page: 2,
      limit: 12,
      thumbnail: false,
    });
    expect(photosQuery.safeParse({ limit: '101' }).success).toBe(false);
  });

  it('needs at least one photo id to delete', () => {
    expect(firstMessage(deletePhotosInput.safeParse({ photoIds: [] }))).toBe(messages.media.photoIdsRequired);
  });

  it('fills message placeholders', () => {
    expect(formatMessage(messages.upload.success, { n: 3 })).toBe('3 dosya başarıyla yüklendi.');
    expect(formatMessage(messages.media.deletedMany, { n: 2 })).toBe('2 adet fotoğraf silindi.');
  });
});

describe('retentionEnd', () => {
  it('keeps "1 yıl" a calendar year in Istanbul, across a leap day', () => {
    // 12 Haziran 2027 19:30 in Istanbul; 2028 has a 29 February, so 365 days would end on 11 Haziran.
    const wedding = new Date('2027-06-12T16:30:00Z');
    expect(retentionEnd(wedding, 12).toISOString()).toBe('2028-06-12T16:30:00.000Z');
    expect(turkishLongDate(retentionEnd(wedding, 12))).toBe('12 Haziran 2028');
    expect(retentionEnd(new Date('2026-12-20T10:00:00Z'), 12).toISOString()).toBe('2027-12-20T10:00:00.000Z');
  });

  it('counts the Istanbul day, and falls to the last day of a shorter month', () => {
    // 00:30 on 1 March 2028 in Istanbul is still 29 February in UTC: the year ends on 1 March.
    expect(retentionEnd(new Date('2028-02-29T21:30:00Z'), 12).toISOString()).toBe('2029-02-28T21:30:00.000Z');
    // 29 February 2028 itself: 2029 has none, so 28 February (as PostgreSQL's month arithmetic).
    expect(retentionEnd(new Date('2028-02-29T12:00:00Z'), 12).toISOString()).toBe('2029-02-28T12:00:00.000Z');
    expect(retentionEnd(new Date('2027-01-31T12:00:00Z'), 1).toISOString()).toBe('2027-02-28T12:00:00.000Z');
  });
});
