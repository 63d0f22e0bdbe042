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

  it('tells a list from a single pasted value', () => {
    expect(looksLikeList('Ayşe, 0532 111 22 33')).toBe(true);
    expect(looksLikeList('a\nb')).toBe(true);
    expect(looksLikeList('Ayşe Yılmaz')).toBe(false);
  });
});
