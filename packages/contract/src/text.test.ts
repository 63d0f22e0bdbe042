import { describe, expect, it } from 'vitest';
import { createEventInput } from './events.ts';
import { addGuestInput } from './guests.ts';
import {
  cleanLine,
  slug,
  stripInvisible,
  toE164TurkishMobile,
  turkishFold,
  turkishToLatin,
  zipFileName,
} from './text.ts';
import { usernameSchema } from './users.ts';

describe('slug (upload link)', () => {
  it('lower-cases, turns whitespace into hyphens and drops everything else', () => {
    expect(slug('Ayşe & Mehmet  Düğün 2026')).toBe('aye--mehmet-dn-2026');
    expect(slug('Summer Party')).toBe('summer-party');
  });
});

describe('turkishToLatin', () => {
  it('replaces each Turkish letter by its Latin look-alike and leaves everything else', () => {
    expect(turkishToLatin('Çağrı Işık, Gülşen Öz — İzmir')).toBe('Cagri Isik, Gulsen Oz — Izmir');
    expect(turkishToLatin('çÇğĞıİöÖşŞüÜ')).toBe('cCgGiIoOsSuU');
  });
});

describe('zipFileName', () => {
  it('maps Turkish letters, collapses other characters into one underscore and trims the ends', () => {
    expect(zipFileName('Şule & Ömer’in Düğünü!')).toBe('Sule_Omer_in_Dugunu.zip');
    expect(zipFileName('  İzmir   Kına Gecesi ')).toBe('Izmir_Kina_Gecesi.zip');
  });
  it('falls back when nothing usable is left', () => {
    expect(zipFileName('!!! ???')).toBe('etkinlik_fotograflari.zip');
    expect(zipFileName('')).toBe('etkinlik_fotograflari.zip');
  });
});

describe('toE164TurkishMobile', () => {
  it.each([
    ['0532 123 45 67', '+905321234567'],
    ['+90 (532) 123-45-67', '+905321234567'],
    ['905321234567', '+905321234567'],
    ['5321234567', '+905321234567'],
  ])('accepts %s', (input, expected) => expect(toE164TurkishMobile(input)).toBe(expected));
  it.each(['0212 123 45 67', '532123456', '+1 555 123 4567', '', '05321234567890'])('rejects %s', (input) =>
    expect(toE164TurkishMobile(input)).toBeNull(),
  );
});

describe('turkishFold', () => {
  it('folds with Turkish case rules and collapses spaces', () => {
    expect(turkishFold('  İPEK   IŞIK ')).toBe('ipek ışık');
    expect(turkishFold('Ipek')).not.toBe(turkishFold('İpek'));
  });
});

describe('invisible characters', () => {
  it('removes bidirectional overrides, so "\\u202egnp.exe" cannot pose as "exe.png"', () => {
    expect(stripInvisible('\u202egnp.exe')).toBe('gnp.exe');
    expect(stripInvisible('Ay\u200bşe\u2066 \u2069Yılmaz\ufeff')).toBe('Ayşe Yılmaz');
    expect(cleanLine('  \u200f Mehmet \u202d  Can ')).toBe('Mehmet Can');
  });

  it('keeps the joiner inside emoji sequences and ordinary Turkish text untouched', () => {
    const couple = '👩\u200d❤\ufe0f\u200d👨';
    expect(stripInvisible(`Mutluluklar ${couple}`)).toBe(`Mutluluklar ${couple}`);
    expect(stripInvisible('a\u200db')).toBe('ab');
    expect(stripInvisible('Çağrı Öztürk, İstanbul')).toBe('Çağrı Öztürk, İstanbul');
  });

  it('is applied by the shared schemas of names, titles and guest names', () => {
    expect(usernameSchema.parse('\u202eAli Veli')).toBe('Ali Veli');
    const guest = addGuestInput.shape.name.parse('Zeynep\u200b Kaya');
    expect(guest).toBe('Zeynep Kaya');
    expect(createEventInput.parse({ title: '\u202eDüğünümüz', eventDate: '2030-06-12' }).title).toBe(
      'Düğünümüz',
    );
    // A name made only of invisible characters is as empty as a blank one.
    expect(usernameSchema.safeParse('\u200b\u200b\u202e').success).toBe(false);
  });
});
