import { describe, expect, it } from 'vitest';
import { looksLikeList, parseGuestLines } from './paste-lines';

describe('parseGuestLines', () => {
  it('reads comma, semicolon and tab separated lines and formats phones', () => {
    expect(
      parseGuestLines('Ayşe Yılmaz, 0532 111 22 33\nMehmet Öz;5551234567;3\r\nİpek\t+90 544 000 11 22\n\n'),
    ).toEqual([
      { name: 'Ayşe Yılmaz', phone: '+905321112233', count: '1' },
      { name: 'Mehmet Öz', phone: '+905551234567', count: '3' },
      { name: 'İpek', phone: '+905440001122', count: '1' },
    ]);
  });
  it('keeps a line without a phone as a name to finish by hand', () => {
    expect(parseGuestLines('Sadece İsim')).toEqual([{ name: 'Sadece İsim', phone: '', count: '1' }]);
  });
  it('puts a number too short to be a phone in the phone field, where it is marked, not in the name', () => {
    const [row] = parseGuestLines('Yanlış Numara\t12345');
    expect(row!.name).toBe('Yanlış Numara');
    expect(row!.phone).not.toBe('');
  });
  it('keeps a spreadsheet row with an empty name cell in its columns: the phone is not taken for the name', () => {
    expect(parseGuestLines('\t05320000001\t3\nAli Veli\t05320000002\t1')).toEqual([
      { name: '', phone: '+905320000001', count: '3' },
      { name: 'Ali Veli', phone: '+905320000002', count: '1' },
    ]);
  });

  it.each([
    ['tab', 'Ad Soyad\tTelefon\tKişi'],
    ['upper case, Turkish letters', 'AD SOYAD\tTELEFON\tKİŞİ SAYISI'],
    ['ASCII upper case', 'ISIM;TELEFON NO;KISI'],
    ['English titles', 'Name, Phone, Count'],
  ])('skips a spreadsheet title row (%s): only the guests are rows', (_case, header) => {
    const sep = header.includes('\t') ? '\t' : header.includes(';') ? ';' : ',';
    const rows = ['Ayşe Yılmaz', 'Mehmet Öz', 'İpek Işık'].map(
      (name, i) => `${name}${sep}0532 111 22 3${i}${sep}${i + 1}`,
    );
    expect(parseGuestLines([header, ...rows].join('\r\n'))).toEqual([
      { name: 'Ayşe Yılmaz', phone: '+905321112230', count: '1' },
      { name: 'Mehmet Öz', phone: '+905321112231', count: '2' },
      { name: 'İpek Işık', phone: '+905321112232', count: '3' },
    ]);
  });
  it('keeps a first line that is a guest: one with a phone, or a name alone, even with a title word in it', () => {
    expect(parseGuestLines('Ayşe Yılmaz\t05321112233\t2\nMehmet Öz\t05551234567').map((r) => r.name)).toEqual(
      ['Ayşe Yılmaz', 'Mehmet Öz'],
    );
    expect(parseGuestLines('Sadece İsim\nAdem Kişisel\t05551234567').map((r) => r.name)).toEqual([
      'Sadece İsim',
      'Adem Kişisel',
    ]);
    // Only the top line can be the title row.
    expect(parseGuestLines('Ali Veli, 05321112233\nAd Soyad, Telefon')).toHaveLength(2);
  });

  it('tells a list from a single pasted value', () => {
    expect(looksLikeList('Ayşe, 0532 111 22 33')).toBe(true);
    expect(looksLikeList('a\nb')).toBe(true);
    expect(looksLikeList('Ayşe Yılmaz')).toBe(false);
  });
});
