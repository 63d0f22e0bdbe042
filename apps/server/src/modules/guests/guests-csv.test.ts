import { describe, expect, it } from 'vitest';
import { guestListCsv, printablePhone } from './guests-csv.ts';

describe('guest list CSV', () => {
  it('writes phones the way they are printed in Türkiye', () => {
    expect(printablePhone('+905321234567')).toBe('0532 123 45 67');
  });
  it('quotes separators and quotes, and defuses formulas', () => {
    const csv = guestListCsv([
      {
        index: 1,
        name: 'Ad; "Soyad"',
        phone: '+905321234567',
        status: 'belirsiz',
        guestCount: 0,
        expectedGuestCount: 1,
        invitationStatus: 'read',
      },
      {
        index: 2,
        name: '@SUM(A1)',
        phone: '+905321234568',
        status: 'ulaşılamayan',
        guestCount: 0,
        expectedGuestCount: 2,
        invitationStatus: null,
      },
    ]);
    const lines = csv.split('\r\n');
    expect(lines[1]).toBe('1;"Ad; ""Soyad""";0532 123 45 67;Belirsiz;0;1;Okundu');
    expect(lines[2]).toBe("2;'@SUM(A1);0532 123 45 68;Ulaşılamayan;0;2;");
  });
});
