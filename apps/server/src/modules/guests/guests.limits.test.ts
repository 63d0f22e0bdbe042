import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '@ani/contract/messages';
import { whatsappMessages } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../testing/create-test-app.ts';
import { bearer } from '../../testing/factories.ts';
import { addGuest, createWeddingHost, nextPhone, type TestWedding } from '../../testing/wedding-factories.ts';

const g = messages.guests;
// Small enough to reach in a few requests; a full list (3) still fits in a day (5).
const guestsPerWedding = 3;
const invitationsPerDay = 5;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ guestLimits: { guestsPerWedding, invitationsPerDay } });
});
afterAll(() => t.close());

const post = (w: TestWedding) =>
  t.app.inject({
    method: 'POST',
    url: '/api/guests',
    headers: bearer(w.user.token),
    payload: { weddingId: w.weddingId, name: 'Zeynep Ak', phone: nextPhone(), expectedGuestCount: 1 },
  });
const approve = (w: TestWedding) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/guests/approval',
    headers: bearer(w.user.token),
    payload: { weddingId: w.weddingId, guestListApproved: true },
  });
const guestList = async (w: TestWedding) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/guests?weddingId=${w.weddingId}`,
      headers: bearer(w.user.token),
    })
  ).json<{ guestListApproved: boolean; guestList: { invitationStatus: string | null }[] }>();
const invitationsOf = async (w: TestWedding) =>
  (await t.db.select().from(whatsappMessages).where(eq(whatsappMessages.weddingId, w.weddingId))).length;
const withGuests = async (n: number, host?: TestWedding['user']) => {
  const w = await createWeddingHost(t, host);
  for (let i = 0; i < n; i++) await addGuest(t, w);
  return w;
};

describe('guests per wedding', () => {
  it('adds the last guest the cap allows, then refuses the next with 409 and the Turkish text', async () => {
    const w = await withGuests(guestsPerWedding - 1);
    const last = await post(w);
    expect(last.statusCode).toBe(201);
    expect(last.json().guest.index).toBe(guestsPerWedding);

    const over = await post(w);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({
      success: false,
      message: g.listFull.replace('{n}', String(guestsPerWedding)),
      code: 'CONFLICT',
    });
    expect((await guestList(w)).guestList).toHaveLength(guestsPerWedding);
  });

  it('concurrent adds never pass the cap', async () => {
    const w = await createWeddingHost(t);
    const answers = await Promise.all(Array.from({ length: guestsPerWedding + 3 }, () => post(w)));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(guestsPerWedding);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(3);
    expect((await guestList(w)).guestList).toHaveLength(guestsPerWedding);
  });

  it('a removed guest frees a place', async () => {
    const w = await withGuests(guestsPerWedding);
    const first = (await guestList(w)).guestList[0] as unknown as { name: string; phone: string };
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/guests',
      headers: bearer(w.user.token),
      payload: { weddingId: w.weddingId, name: first.name, phone: first.phone },
    });
    expect(del.statusCode).toBe(200);
    expect((await post(w)).statusCode).toBe(201);
  });
});

describe('WhatsApp invitations per account per day', () => {
  it('refuses an approval past the day with 429, leaving the list unapproved; what fits is approved', async () => {
    const first = await withGuests(3);
    const second = await withGuests(3, first.user);

    const ok = await approve(first);
    expect(ok.statusCode).toBe(200);
    expect(await invitationsOf(first)).toBe(3);

    // 3 + 3 > 5: refused whole, nothing queued, nothing approved, every guest still there.
    const refused = await approve(second);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      success: false,
      message: g.invitationLimitReached.replace('{n}', String(invitationsPerDay)).replace('{saat}', '24'),
      code: 'RATE_LIMITED',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    const kept = await guestList(second);
    expect(kept.guestListApproved).toBe(false);
    expect(kept.guestList).toHaveLength(3);
    expect(await invitationsOf(second)).toBe(0);
    // The list stays open: the host can still edit it.
    expect((await post(second)).statusCode).toBe(409); // full (3), not locked

    // The refusal took nothing: 3 + 2 = 5 fits exactly.
    const row = kept.guestList[0] as unknown as { name: string; phone: string };
    await t.app.inject({
      method: 'DELETE',
      url: '/api/guests',
      headers: bearer(second.user.token),
      payload: { weddingId: second.weddingId, name: row.name, phone: row.phone },
    });
    const fits = await approve(second);
    expect(fits.statusCode).toBe(200);
    expect(fits.json()).toMatchObject({ guestListApproved: true, guestTotal: 2 });
    const approved = await guestList(second);
    expect(approved.guestList.map((r) => r.invitationStatus)).toEqual(['queued', 'queued']);
    expect(await invitationsOf(second)).toBe(2);
  });

  it('guests added while the list is approved are all approved and counted with it, or refused', async () => {
    const w = await withGuests(1);
    const [approval, ...adds] = await Promise.all([approve(w), post(w), post(w)]);
    expect(approval.statusCode).toBe(200);
    const added = adds.filter((r) => r.statusCode === 201).length;
    for (const refused of adds.filter((r) => r.statusCode !== 201)) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(g.addLocked);
    }
    expect(approval.json()).toMatchObject({ guestListApproved: true, guestTotal: 1 + added });
    const list = await guestList(w);
    expect(list.guestListApproved).toBe(true);
    expect(list.guestList.map((r) => r.invitationStatus)).toEqual(Array(1 + added).fill('queued'));
    expect(await invitationsOf(w)).toBe(1 + added);
    // Exactly the approved guests were taken from the day: what is left fits, one more does not.
    let left = invitationsPerDay - (1 + added);
    while (left > 0) {
      const n = Math.min(left, guestsPerWedding);
      expect((await approve(await withGuests(n, w.user))).statusCode).toBe(200);
      left -= n;
    }
    expect((await approve(await withGuests(1, w.user))).statusCode).toBe(429);
  });

  it('counts per account: another host approves while one host has used the day', async () => {
    const heavy = await withGuests(3);
    expect((await approve(heavy)).statusCode).toBe(200);
    expect((await approve(await withGuests(3, heavy.user))).statusCode).toBe(429);

    const other = await withGuests(3);
    expect((await approve(other)).statusCode).toBe(200);
    expect(await invitationsOf(other)).toBe(3);
  });

  it('what queues nothing takes nothing: an approved list again, an empty list', async () => {
    const w = await withGuests(3);
    const empty = await createWeddingHost(t, w.user);
    const rest = await withGuests(2, w.user);
    expect((await approve(w)).statusCode).toBe(200);
    // Approving an approved list again queues nothing and so is not refused, nor does it take.
    expect((await approve(w)).statusCode).toBe(200);
    expect((await approve(empty)).statusCode).toBe(200);
    expect(await invitationsOf(w)).toBe(3);
    // 3 taken so far: the 2 left in the day are still there.
    expect((await approve(rest)).statusCode).toBe(200);
    expect(await invitationsOf(rest)).toBe(2);
    expect((await approve(await withGuests(1, w.user))).statusCode).toBe(429);
  });
});
