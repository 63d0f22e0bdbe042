import { describe, expect, it } from 'vitest';
import { invitationParameters, invitationText, turkishLongDate } from './invitation.ts';

const wedding = {
  brideName: 'Ayşe',
  groomName: 'Mehmet',
  weddingDate: '2027-06-12',
  weddingTime: '19:00',
  venueName: 'Bahçe',
};

describe('turkishLongDate', () => {
  it('writes the day without a leading zero and the Turkish month name', () => {
    expect(turkishLongDate('2027-06-12')).toBe('12 Haziran 2027');
    expect(turkishLongDate('2026-01-05')).toBe('5 Ocak 2026');
    expect(turkishLongDate('2026-12-31')).toBe('31 Aralık 2026');
  });
  it('leaves a value that is not a calendar day as it is', () => {
    expect(turkishLongDate('2026-13-01')).toBe('2026-13-01');
    expect(turkishLongDate('garbage')).toBe('garbage');
  });
});

describe('invitation text', () => {
  it('uses the long date, the couple and the venue', () => {
    expect(invitationText(wedding, 'Ali')).toBe(
      'Sevgili Ali, Ayşe & Mehmet düğünümüze sizi de bekliyoruz. Tarih: 12 Haziran 2027 19:00, Yer: Bahçe. Lütfen katılım durumunuzu aşağıdaki düğmelerle bildirin.',
    );
  });
  it('carries a guest name as written, even one that looks like a replacement pattern', () => {
    expect(invitationText(wedding, "Ali $& Veli $' $1")).toContain("Sevgili Ali $& Veli $' $1,");
  });
  it('gives the template the same values the text shows', () => {
    const text = invitationText(wedding, 'Ali');
    const parameters = invitationParameters(wedding, 'Ali');
    expect(parameters).toEqual(['Ali', 'Ayşe & Mehmet', '12 Haziran 2027', '19:00', 'Bahçe']);
    for (const p of parameters) expect(text).toContain(p);
  });
});
