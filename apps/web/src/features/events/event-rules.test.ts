import { describe, expect, it } from 'vitest';
import { zipFileName } from '@ani/contract/text';
import { eventDateIso, extensionOf, firstCreateEventError, qrFileName, todayInIstanbul } from './event-rules';

const now = new Date('2026-11-22T21:30:00.000Z'); // already 23 November in Istanbul (UTC+3)

describe('create-event rules', () => {
  const ok = { title: 'Ayşe & Mehmet', date: '2026-12-05', description: '' };

  it('reports the first broken rule with the Turkish texts, in order', () => {
    expect(firstCreateEventError({ ...ok, title: '  ' }, now)?.message).toBe('Etkinlik adı zorunludur');
    expect(firstCreateEventError({ ...ok, title: 'ab', date: '' }, now)?.message).toBe(
      'Etkinlik adı en az 3 karakter olmalıdır',
    );
    expect(firstCreateEventError({ ...ok, title: 'x'.repeat(101) }, now)?.message).toBe(
      'Etkinlik adı en fazla 100 karakter olabilir',
    );
    expect(firstCreateEventError({ ...ok, date: '' }, now)).toMatchObject({
      message: 'Etkinlik tarihi zorunludur',
      toastTitle: 'Form Hatası',
    });
    expect(firstCreateEventError({ ...ok, description: 'x'.repeat(501) }, now)?.message).toBe(
      'Açıklama en fazla 500 karakter olabilir',
    );
    expect(firstCreateEventError(ok, now)).toBeNull();
  });

  it('refuses a past day with the "Geçersiz Tarih" toast, judged by the Istanbul calendar', () => {
    expect(todayInIstanbul(now)).toBe('2026-11-23');
    expect(firstCreateEventError({ ...ok, date: '2026-11-22' }, now)).toEqual({
      field: 'date',
      message: 'Etkinlik tarihi bugünden önce olamaz',
      toastTitle: 'Geçersiz Tarih',
    });
    expect(firstCreateEventError({ ...ok, date: '2026-11-23' }, now)).toBeNull();
  });

  it('sends the day as an ISO string that stays on that day in every time zone', () => {
    expect(eventDateIso('2026-12-05')).toBe('2026-12-05T12:00:00.000Z');
    expect(new Date(eventDateIso('2026-12-05')).toISOString().slice(0, 10)).toBe('2026-12-05');
  });
});

describe('QR and ZIP file names', () => {
  it('names the QR PNG "<title> qr kod.png" without characters file systems refuse', () => {
    expect(qrFileName('Ayşe & Mehmet')).toBe('Ayşe & Mehmet qr kod.png');
    expect(qrFileName('a/b:c?')).toBe('abc qr kod.png');
    expect(qrFileName('///')).toBe('etkinlik qr kod.png');
  });

  it('names the ZIP by transliterating Turkish letters (shared rule from the contract)', () => {
    expect(zipFileName('Ayşe & Mehmet Düğünü')).toBe('Ayse_Mehmet_Dugunu.zip');
    expect(zipFileName('***')).toBe('etkinlik_fotograflari.zip');
  });

  it('shows a video tile with its extension', () => {
    expect(extensionOf('events/ev/abc.mp4')).toBe('MP4');
    expect(extensionOf('events/ev/abc')).toBe('');
  });
});
