import { describe, expect, it } from 'vitest';
import { applyStatus, countLocked, draftCount, editableStatuses, matchesGuest } from './status';

describe('status rules', () => {
  it('offers only the three choosable statuses', () => {
    expect(editableStatuses).toEqual(['katılacak', 'belirsiz', 'katılamayacak']);
  });
  it('clears and locks the count for belirsiz and katılamayacak', () => {
    expect(applyStatus({ status: 'katılacak', guestCount: '3' }, 'belirsiz', 2)).toEqual({
      status: 'belirsiz',
      guestCount: '',
    });
    expect(applyStatus({ status: 'katılacak', guestCount: '3' }, 'katılamayacak', 2)).toEqual({
      status: 'katılamayacak',
      guestCount: '',
    });
    expect(countLocked('belirsiz')).toBe(true);
    expect(countLocked('katılacak')).toBe(false);
  });
  it('keeps the count when katılacak is chosen', () => {
    expect(applyStatus({ status: 'katılacak', guestCount: '2' }, 'katılacak', 4)).toEqual({
      status: 'katılacak',
      guestCount: '2',
    });
  });
  it('starts katılacak from the invited people when no count was given, never from 0', () => {
    expect(applyStatus({ status: 'belirsiz', guestCount: '0' }, 'katılacak', 3)).toEqual({
      status: 'katılacak',
      guestCount: '3',
    });
    expect(applyStatus({ status: 'katılamayacak', guestCount: '' }, 'katılacak', 1)).toEqual({
      status: 'katılacak',
      guestCount: '1',
    });
  });
  it('refuses negatives, fractions and more than 100 with the server’s words', () => {
    expect(draftCount({ status: 'katılacak', guestCount: '1' })).toEqual({ count: 1 });
    expect(draftCount({ status: 'katılacak', guestCount: '4' })).toEqual({ count: 4 });
    expect(draftCount({ status: 'katılacak', guestCount: '100' })).toEqual({ count: 100 });
    const invalid = { error: 'Kişi sayısı negatif olmayan bir tam sayı olmalıdır' };
    expect(draftCount({ status: 'katılacak', guestCount: '-1' })).toEqual(invalid);
    expect(draftCount({ status: 'katılacak', guestCount: '1.5' })).toEqual(invalid);
    expect(draftCount({ status: 'katılacak', guestCount: '150' })).toEqual({
      error: 'Kişi sayısı en fazla 100 olabilir',
    });
    expect(draftCount({ status: 'belirsiz', guestCount: '9' })).toEqual({ count: 0 });
  });
  it('refuses "Katılacak" with nobody coming (blank or 0), and still saves 0 for the other statuses', () => {
    const refused = { error: 'Katılacak bir davetli için kişi sayısı en az 1 olmalıdır' };
    expect(draftCount({ status: 'katılacak', guestCount: '' })).toEqual(refused);
    expect(draftCount({ status: 'katılacak', guestCount: '0' })).toEqual(refused);
    expect(draftCount({ status: 'katılacak', guestCount: ' ' })).toEqual(refused);
    expect(draftCount({ status: 'katılacak', guestCount: '1' })).toEqual({ count: 1 });
    expect(draftCount({ status: 'belirsiz', guestCount: '' })).toEqual({ count: 0 });
    expect(draftCount({ status: 'katılamayacak', guestCount: '0' })).toEqual({ count: 0 });
  });
});

describe('matchesGuest (Turkish-aware search)', () => {
  const guest = { name: 'IŞIL İnce', phone: '+905321234567' };
  it('folds İ/i and I/ı the Turkish way', () => {
    expect(matchesGuest(guest, 'ışıl')).toBe(true);
    expect(matchesGuest(guest, 'ince')).toBe(true);
    expect(matchesGuest(guest, 'işik')).toBe(false);
  });
  it('finds a name typed without Turkish letters, as phone keyboards often do', () => {
    const others = [
      { name: 'Hatice Çelik', phone: '+905321234568' },
      { name: 'İsmail Öz', phone: '+905321234569' },
    ];
    expect(others.filter((g) => matchesGuest(g, 'celik')).map((g) => g.name)).toEqual(['Hatice Çelik']);
    expect(others.filter((g) => matchesGuest(g, 'ISMAIL oz')).map((g) => g.name)).toEqual(['İsmail Öz']);
    expect(matchesGuest(guest, 'isil')).toBe(true);
    expect(others.filter((g) => matchesGuest(g, 'celal'))).toEqual([]);
  });
  it('finds by phone digits whatever the spacing', () => {
    expect(matchesGuest(guest, '532 123')).toBe(true);
    expect(matchesGuest(guest, '0533')).toBe(false);
  });
});
