import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadRateLimit } from '../media/media.module.ts';
import { createTestApp, type TestApp } from '../../testing/create-test-app.ts';
import { bearer, createActivatedUser } from '../../testing/factories.ts';
import { returningGuestLimits } from './submission-limits.ts';

let t: TestApp;
let eventId: string;

beforeAll(async () => {
  t = await createTestApp();
  const owner = await createActivatedUser(t);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/events',
    headers: bearer(owner.token),
    payload: { title: 'Elif ile Can', eventDate: new Date().toISOString() },
  });
  eventId = res.json().event.id;
});
afterAll(() => t.close());

/** A submission of one small photo from `ip`, by the phone `token` names (none: a phone new here). */
const announce = (ip: string, token?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/submissions`,
    remoteAddress: ip,
    headers: token ? { 'x-guest-token': token } : {},
    payload: { uploader: 'Zeynep', files: [{ name: 'a.jpg', size: 1000, type: 'image/jpeg' }] },
  });

describe('announcing submissions from a venue’s shared address', () => {
  it('lets phones that uploaded before go on when a script floods the address with new phones', async () => {
    const venue = '10.20.0.1';
    // Two guests' phones upload before the flood; each keeps its token.
    const first = await announce(venue);
    const second = await announce(venue);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    const [ayse, mert] = [first.json().guestToken as string, second.json().guestToken as string];

    // A script announces submissions without a token, costing it no bytes, until it is refused.
    let refusedAfter = 0;
    for (let i = 0; i < uploadRateLimit.limit; i++) {
      const res = await announce(venue);
      if (res.statusCode === 429) {
        expect(res.headers['retry-after']).toMatch(/^\d+$/);
        break;
      }
      refusedAfter++;
    }
    expect(refusedAfter).toBe(uploadRateLimit.limit - 2);
    // A phone new to the event waits, as before...
    expect((await announce(venue)).statusCode).toBe(429);
    // ...but the phones that uploaded before are not locked out.
    expect((await announce(venue, ayse)).statusCode).toBe(201);
    expect((await announce(venue, mert)).statusCode).toBe(201);
  });

  it('stops a flood under one phone’s token at that phone’s budget, not anyone else’s', async () => {
    const venue = '10.20.0.2';
    const flooder = (await announce(venue)).json().guestToken as string;
    const guest = (await announce(venue)).json().guestToken as string;
    const codes: number[] = [];
    for (let i = 0; i < returningGuestLimits.perGuest.limit + 1; i++)
      codes.push((await announce(venue, flooder)).statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(returningGuestLimits.perGuest.limit);
    expect(codes.at(-1)).toBe(429);
    // Another phone behind the same address, and a new phone, still announce.
    expect((await announce(venue, guest)).statusCode).toBe(201);
    expect((await announce(venue)).statusCode).toBe(201);
  });

  it('treats a forged token as a phone new here, spending the address’s budget', async () => {
    const venue = '10.20.0.3';
    const res = await announce(venue, 'sahte.jeton');
    expect(res.statusCode).toBe(201);
    expect(res.json().guestToken).not.toBe('sahte.jeton');
  });
});
