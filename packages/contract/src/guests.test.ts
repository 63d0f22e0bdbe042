import { describe, expect, it } from 'vitest';
import {
  addGuestInput,
  clearsGuestCount,
  guestIndexParams,
  parseGuestStatus,
  updateGuestInput,
} from './guests.ts';
import { messages } from './messages.ts';

const g = messages.guests;
const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;

describe('guest status vocabularies', () => {
  it.each([
    ['belirsiz', 'belirsiz'],
    ['gelecek', 'katılacak'],
    ['gelmeyecek', 'katılamayacak'],
    ['katılacak', 'katılacak'],
    ['KATILACAK', 'katılacak'],
    ['katilacak', 'katılacak'],
    ['katılamayacak', 'katılamayacak'],
    ['GELMEYECEK', 'katılamayacak'],
    ['ulaşılamayan', 'ulaşılamayan'],
    ['ULAŞILAMAYAN', 'ulaşılamayan'],
    [' Belirsiz ', 'belirsiz'],
  ])('%s → %s', (input, expected) => {
    expect(parseGuestStatus(input)).toBe(expected);
  });

  it('knows nothing else', () => {
    expect(parseGuestStatus('belki')).toBeNull();
    expect(parseGuestStatus('')).toBeNull();
  });

  it('only katılacak keeps a person count', () => {
    expect(clearsGuestCount('katılacak')).toBe(false);
    expect(clearsGuestCount('belirsiz')).toBe(true);
    expect(clearsGuestCount('katılamayacak')).toBe(true);
    expect(clearsGuestCount('ulaşılamayan')).toBe(true);
  });
});

describe('addGuestInput', () => {
  const valid = { weddingId: 'w1', name: 'Ali', phone: '0532 111 22 33', expectedGuestCount: 2 };
  it('normalises the phone to E.164 and defaults the status to belirsiz', () => {
    expect(addGuestInput.parse(valid)).toEqual({ ...valid, phone: '+905321112233', status: 'belirsiz' });
    expect(addGuestInput.parse({ ...valid, expectedGuestCount: '3' }).expectedGuestCount).toBe(3);
  });
  it.each([
    [{ name: '' }, g.nameRequired],
    [{ phone: '' }, g.phoneRequired],
    [{ phone: '+1 555 123 4567' }, g.phoneInvalid],
    [{ expectedGuestCount: 0 }, g.expectedCountPositive],
    [{ expectedGuestCount: 11 }, g.expectedCountMax],
    [{ expectedGuestCount: 2.5 }, g.expectedCountWhole],
    [{ expectedGuestCount: '1.5' }, g.expectedCountWhole],
    [{ expectedGuestCount: -0.5 }, g.expectedCountWhole],
    [{ expectedGuestCount: '' }, g.expectedCountPositive],
    [{ expectedGuestCount: 'iki' }, g.expectedCountPositive],
    [{ status: 'ulaşılamayan' }, g.statusInvalid],
    [{ weddingId: ' ' }, g.weddingIdMissing],
  ])('refuses %o', (over, message) => {
    expect(firstMessage(addGuestInput.safeParse({ ...valid, ...over }))).toBe(message);
  });
});

describe('updateGuestInput and index', () => {
  const valid = { weddingId: 'w1', name: 'Ali', phone: '5321112233', status: 'katılacak' };
  it('defaults the count to 0 and accepts the update vocabulary', () => {
    expect(updateGuestInput.parse(valid)).toMatchObject({
      guestCount: 0,
      status: 'katılacak',
      phone: '+905321112233',
    });
    expect(updateGuestInput.parse({ ...valid, guestCount: '', status: 'ulaşılamayan' }).status).toBe(
      'ulaşılamayan',
    );
  });
  it('refuses negative or fractional counts and non-positive indexes', () => {
    expect(firstMessage(updateGuestInput.safeParse({ ...valid, guestCount: -1 }))).toBe(g.guestCountInvalid);
    expect(firstMessage(updateGuestInput.safeParse({ ...valid, guestCount: 2.5 }))).toBe(g.guestCountInvalid);
    expect(firstMessage(guestIndexParams.safeParse({ index: '0' }))).toBe(g.indexInvalid);
    expect(guestIndexParams.parse({ index: '7' })).toEqual({ index: 7 });
  });
});
