import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@ani/contract/messages';
import { createTestApp, type TestApp } from '../../testing/create-test-app.ts';
import { bearer, createActivatedUser } from '../../testing/factories.ts';
import { addGuest, createWeddingHost, nextPhone, type TestWedding } from '../../testing/wedding-factories.ts';

const g = messages.guests;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Req = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: Record<string, unknown>;
};
const call = (token: string | null, req: Req) =>
  t.app.inject({ ...req, headers: token ? bearer(token) : {} });

const list = async (w: TestWedding) =>
  (await call(w.user.token, { method: 'GET', url: `/api/guests?weddingId=${w.weddingId}` })).json();
const stats = async (w: TestWedding) => {
  const res = await call(w.user.token, { method: 'GET', url: `/api/statistics?weddingId=${w.weddingId}` });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const update = (w: TestWedding, index: number, payload: Record<string, unknown>) =>
  call(w.user.token, {
    method: 'PUT',
    url: `/api/guests/${index}`,
    payload: { weddingId: w.weddingId, ...payload },
  });
const approve = (w: TestWedding, guestListApproved: unknown = true) =>
  call(w.user.token, {
    method: 'PATCH',
    url: '/api/guests/approval',
    payload: { weddingId: w.weddingId, guestListApproved },
  });
const approveRaw = (w: TestWedding, payload: Record<string, unknown>) =>
  call(w.user.token, {
    method: 'PATCH',
    url: '/api/guests/approval',
    payload: { weddingId: w.weddingId, ...payload },
  });

describe('POST /api/guests', () => {
  it('adds a guest as belirsiz with the phone in E.164 and the next order number', async () => {
    const w = await createWeddingHost(t);
    const res = await call(w.user.token, {
      method: 'POST',
      url: '/api/guests',
      payload: {
        weddingId: w.weddingId,
        name: '  Ayşe  Kara ',
        phone: '+90 (533) 111 22 33',
        expectedGuestCount: 3,
        status: 'belirsiz',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      success: true,
      message: g.added,
      guest: {
        index: 1,
        name: 'Ayşe Kara',
        phone: '+905331112233',
        status: 'belirsiz',
        guestCount: 0,
        expectedGuestCount: 3,
        invitationStatus: null,
      },
    });
    const second = await addGuest(t, w);
    expect(second.index).toBe(2);
  });

  it('accepts the add vocabulary (gelecek/gelmeyecek) and answers in the update vocabulary', async () => {
    const w = await createWeddingHost(t);
    const coming = await addGuest(t, w, { status: 'gelecek', expectedGuestCount: 4 });
    expect(coming).toMatchObject({ status: 'katılacak', guestCount: 4 });
    const notComing = await addGuest(t, w, { status: 'GELMEYECEK' });
    expect(notComing).toMatchObject({ status: 'katılamayacak', guestCount: 0 });
    const defaulted = await addGuest(t, w, { status: undefined });
    expect(defaulted.status).toBe('belirsiz');
  });

  it('refuses the same phone twice in one wedding with 409 (any spelling), but not in another wedding', async () => {
    const w = await createWeddingHost(t);
    await addGuest(t, w, { phone: '05441234567' });
    const res = await call(w.user.token, {
      method: 'POST',
      url: '/api/guests',
      payload: { weddingId: w.weddingId, name: 'Başka', phone: '+90 544 123 45 67', expectedGuestCount: 1 },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(g.duplicatePhone);
    const other = await createWeddingHost(t);
    await expect(addGuest(t, other, { phone: '05441234567' })).resolves.toMatchObject({ index: 1 });
  });

  it.each([
    ['blank name', { name: ' ' }, g.nameRequired],
    ['missing phone', { phone: undefined }, g.phoneRequired],
    ['landline phone', { phone: '0212 123 45 67' }, g.phoneInvalid],
    ['letters in phone', { phone: 'telefon' }, g.phoneInvalid],
    ['count 0', { expectedGuestCount: 0 }, g.expectedCountPositive],
    ['count 11', { expectedGuestCount: 11 }, g.expectedCountMax],
    ['fractional count', { expectedGuestCount: 1.5 }, g.expectedCountWhole],
    ['unknown status', { status: 'belki' }, g.statusInvalid],
    ['ulaşılamayan on add', { status: 'ulaşılamayan' }, g.statusInvalid],
    ['missing wedding id', { weddingId: '' }, g.weddingIdMissing],
  ])('refuses %s with its Turkish message', async (_case, over, message) => {
    const w = await createWeddingHost(t);
    const res = await call(w.user.token, {
      method: 'POST',
      url: '/api/guests',
      payload: {
        weddingId: w.weddingId,
        name: 'Ali Veli',
        phone: nextPhone(),
        expectedGuestCount: 2,
        status: 'belirsiz',
        ...over,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message, code: 'VALIDATION' });
    expect((await list(w)).guestList).toHaveLength(0);
  });
});

describe('owner checks on every guest call', () => {
  it('a stranger gets 404 and sees nothing; anonymous gets 401', async () => {
    const w = await createWeddingHost(t);
    const guest = await addGuest(t, w);
    const stranger = await createActivatedUser(t);
    const requests: Req[] = [
      { method: 'GET', url: `/api/guests?weddingId=${w.weddingId}` },
      { method: 'GET', url: `/api/guests/export?weddingId=${w.weddingId}` },
      { method: 'GET', url: `/api/statistics?weddingId=${w.weddingId}` },
      {
        method: 'POST',
        url: '/api/guests',
        payload: { weddingId: w.weddingId, name: 'X', phone: nextPhone(), expectedGuestCount: 1 },
      },
      {
        method: 'DELETE',
        url: '/api/guests',
        payload: { weddingId: w.weddingId, name: guest.name, phone: guest.phone },
      },
      {
        method: 'PUT',
        url: `/api/guests/${guest.index}`,
        payload: {
          weddingId: w.weddingId,
          name: guest.name,
          phone: guest.phone,
          guestCount: 1,
          status: 'katılacak',
        },
      },
      {
        method: 'PATCH',
        url: '/api/guests/approval',
        payload: { weddingId: w.weddingId, guestListApproved: true },
      },
    ];
    for (const req of requests) {
      const res = await call(stranger.token, req);
      expect(res.statusCode, `${req.method} ${req.url}`).toBe(404);
      expect(res.json()).toEqual({ success: false, message: messages.weddings.notFound, code: 'NOT_FOUND' });
      expect(res.body).not.toContain(guest.phone);
      expect((await call(null, req)).statusCode, `${req.method} ${req.url} anonymous`).toBe(401);
    }
    // Nothing changed.
    const after = await list(w);
    expect(after.guestListApproved).toBe(false);
    expect(after.guestList).toEqual([
      expect.objectContaining({ phone: guest.phone, status: 'belirsiz', guestCount: 0 }),
    ]);
  });

  it('anonymous callers get 401 before any input rule is revealed', async () => {
    for (const req of [
      { method: 'GET', url: '/api/guests' },
      { method: 'GET', url: '/api/statistics' },
      { method: 'POST', url: '/api/guests', payload: {} },
      { method: 'PUT', url: '/api/guests/0', payload: {} },
      { method: 'DELETE', url: '/api/guests', payload: {} },
      { method: 'PATCH', url: '/api/guests/approval', payload: {} },
      { method: 'POST', url: '/api/weddings/create', payload: {} },
      { method: 'GET', url: '/api/weddings/info' },
      { method: 'GET', url: '/api/weddings/whatsapp-status' },
      { method: 'GET', url: '/api/webhook/conversations/x/1' },
    ] as Req[]) {
      const res = await call(null, req);
      expect(res.statusCode, `${req.method} ${req.url}`).toBe(401);
    }
  });

  it('answers 400 with the Turkish text when weddingId is missing', async () => {
    const w = await createWeddingHost(t);
    for (const url of ['/api/guests', '/api/statistics', '/api/guests/export']) {
      const res = await call(w.user.token, { method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(g.weddingIdMissing);
    }
  });
});

describe('PUT /api/guests/:index', () => {
  it('updates status and count; belirsiz and katılamayacak clear the count; statistics follow', async () => {
    const w = await createWeddingHost(t);
    const a = await addGuest(t, w, { expectedGuestCount: 3 });
    const b = await addGuest(t, w, { expectedGuestCount: 2 });
    const c = await addGuest(t, w, { expectedGuestCount: 1 });
    await addGuest(t, w);
    expect(await stats(w)).toEqual({
      success: true,
      katılacak: 0,
      katılamayacak: 0,
      belirsiz: 4,
      ulaşılamadı: 0,
    });

    const res = await update(w, a.index, {
      name: a.name,
      phone: a.phone,
      guestCount: 3,
      status: 'katılacak',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      guest: { index: 1, status: 'katılacak', guestCount: 3 },
    });
    await update(w, b.index, { name: b.name, phone: b.phone, guestCount: 2, status: 'gelecek' });
    await update(w, c.index, { name: c.name, phone: c.phone, guestCount: 5, status: 'katılamayacak' });
    expect(await stats(w)).toEqual({
      success: true,
      katılacak: 5,
      katılamayacak: 1,
      belirsiz: 1,
      ulaşılamadı: 0,
    });

    // Back to belirsiz clears the count, whatever was sent.
    const back = await update(w, b.index, {
      name: b.name,
      phone: b.phone,
      guestCount: 2,
      status: 'belirsiz',
    });
    expect(back.json().guest).toMatchObject({ status: 'belirsiz', guestCount: 0 });
    const unreachable = await update(w, c.index, { name: c.name, phone: c.phone, status: 'ulaşılamayan' });
    expect(unreachable.json().guest).toMatchObject({ status: 'ulaşılamayan', guestCount: 0 });
    expect(await stats(w)).toEqual({
      success: true,
      katılacak: 3,
      katılamayacak: 0,
      belirsiz: 2,
      ulaşılamadı: 1,
    });

    // The cards match the list: katılacak = people of attending rows; the rest count rows.
    const rows = (await list(w)).guestList as { status: string; guestCount: number }[];
    expect(rows.filter((r) => r.status === 'katılacak').reduce((s, r) => s + r.guestCount, 0)).toBe(3);
    expect(rows.filter((r) => r.status === 'belirsiz')).toHaveLength(2);
  });

  it('count defaults to 0 when omitted', async () => {
    const w = await createWeddingHost(t);
    const a = await addGuest(t, w);
    const res = await update(w, a.index, { name: a.name, phone: a.phone, status: 'katılacak' });
    expect(res.json().guest).toMatchObject({ status: 'katılacak', guestCount: 0 });
  });

  it.each([
    ['index 0', '0', {}, g.indexInvalid],
    ['index -1', '-1', {}, g.indexInvalid],
    ['index abc', 'abc', {}, g.indexInvalid],
    ['negative count', '1', { guestCount: -1 }, g.guestCountInvalid],
    ['fractional count', '1', { guestCount: 1.5 }, g.guestCountInvalid],
    ['blank name', '1', { name: '' }, g.nameRequired],
    ['bad phone', '1', { phone: '123' }, g.phoneInvalid],
    ['add-only unknown status', '1', { status: 'belki' }, g.statusInvalid],
    ['missing wedding id', '1', { weddingId: undefined }, g.weddingIdMissing],
  ])('refuses %s with its Turkish message', async (_case, index, over, message) => {
    const w = await createWeddingHost(t);
    const a = await addGuest(t, w);
    const res = await call(w.user.token, {
      method: 'PUT',
      url: `/api/guests/${index}`,
      payload: {
        weddingId: w.weddingId,
        name: a.name,
        phone: a.phone,
        guestCount: 1,
        status: 'katılacak',
        ...over,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('answers 404 "Güncellenecek misafir bulunamadı" when index and phone do not name the same guest', async () => {
    const w = await createWeddingHost(t);
    const a = await addGuest(t, w);
    const b = await addGuest(t, w);
    const res = await update(w, a.index, {
      name: b.name,
      phone: b.phone,
      guestCount: 1,
      status: 'katılacak',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(g.updateNotFound);
    expect((await update(w, 99, { name: a.name, phone: a.phone, status: 'belirsiz' })).statusCode).toBe(404);
  });
});

describe('order numbers under concurrency', () => {
  it('concurrent adds and deletes keep the numbers 1..n without gaps or repeats', async () => {
    const w = await createWeddingHost(t);
    const added = await Promise.all(
      Array.from({ length: 8 }, (_, i) => addGuest(t, w, { name: `Eşzamanlı ${i}` })),
    );
    expect(added.map((a) => a.index).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    await Promise.all([
      ...added.slice(0, 3).map((a) =>
        call(w.user.token, {
          method: 'DELETE',
          url: '/api/guests',
          payload: { weddingId: w.weddingId, name: a.name, phone: a.phone },
        }),
      ),
      addGuest(t, w, { name: 'Sonradan' }),
    ]);
    expect((await list(w)).guestList.map((x: { index: number }) => x.index)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe('the event and its wedding', () => {
  it('deleting the event removes the wedding and its guests too (never one without the other)', async () => {
    const w = await createWeddingHost(t);
    await addGuest(t, w);
    const res = await call(w.user.token, { method: 'DELETE', url: `/api/events/${w.eventId}` });
    expect(res.statusCode).toBe(200);
    const after = await call(w.user.token, { method: 'GET', url: `/api/guests?weddingId=${w.weddingId}` });
    expect(after.statusCode).toBe(404);
  });
});

describe('DELETE /api/guests', () => {
  it('deletes by phone and keeps order numbers gap-free', async () => {
    const w = await createWeddingHost(t);
    const a = await addGuest(t, w, { name: 'Bir' });
    const b = await addGuest(t, w, { name: 'İki' });
    await addGuest(t, w, { name: 'Üç' });
    const res = await call(w.user.token, {
      method: 'DELETE',
      url: '/api/guests',
      payload: { weddingId: w.weddingId, name: b.name, phone: b.phone },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: g.deleted });
    expect((await list(w)).guestList.map((x: { index: number; name: string }) => [x.index, x.name])).toEqual([
      [1, 'Bir'],
      [2, 'Üç'],
    ]);
    const next = await addGuest(t, w, { name: 'Dört' });
    expect(next.index).toBe(3);
    const again = await call(w.user.token, {
      method: 'DELETE',
      url: '/api/guests',
      payload: { weddingId: w.weddingId, name: b.name, phone: b.phone },
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(g.notFound);
    const invalid = await call(w.user.token, {
      method: 'DELETE',
      url: '/api/guests',
      payload: { weddingId: w.weddingId, name: a.name, phone: '12' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe(g.phoneInvalid);
    const noName = await call(w.user.token, {
      method: 'DELETE',
      url: '/api/guests',
      payload: { weddingId: w.weddingId, phone: a.phone },
    });
    expect(noName.json().message).toBe(g.nameRequired);
  });
});

describe('PATCH /api/guests/approval', () => {
  it('is one-way: after approval adding gets 403, deleting and edits still work, false gets 409', async () => {
    const w = await createWeddingHost(t);
    const a = await addGuest(t, w, { expectedGuestCount: 2 });
    await addGuest(t, w, { expectedGuestCount: 3 });

    const early = await approve(w, false);
    expect(early.statusCode).toBe(200);
    expect(early.json().guestListApproved).toBe(false);

    const res = await approve(w);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      guestListApproved: true,
      guestTotal: 2,
      peopleTotal: 5,
      message: 'Misafir listesi onaylandı! 2 davetli ve toplam 5 kişi kaydedildi.',
    });
    expect((await list(w)).guestListApproved).toBe(true);
    const info = await call(w.user.token, {
      method: 'GET',
      url: `/api/weddings/info?username=${encodeURIComponent(w.user.username)}`,
    });
    expect(info.json().wedding.guestListApproved).toBe(true);

    const add = await call(w.user.token, {
      method: 'POST',
      url: '/api/guests',
      payload: { weddingId: w.weddingId, name: 'Geç Kalan', phone: nextPhone(), expectedGuestCount: 1 },
    });
    expect(add.statusCode).toBe(403);
    expect(add.json().message).toBe(g.addLocked);
    const edit = await update(w, a.index, {
      name: a.name,
      phone: a.phone,
      guestCount: 2,
      status: 'katılacak',
    });
    expect(edit.statusCode).toBe(200);
    expect(await stats(w)).toMatchObject({ katılacak: 2, belirsiz: 1 });

    // Only adding is closed: a guest who asks to be erased can still be deleted.
    const del = await call(w.user.token, {
      method: 'DELETE',
      url: '/api/guests',
      payload: { weddingId: w.weddingId, name: a.name, phone: a.phone },
    });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ success: true, message: g.deleted });
    expect(await stats(w)).toMatchObject({ katılacak: 0, belirsiz: 1 });

    const undo = await approve(w, false);
    expect(undo.statusCode).toBe(409);
    expect(undo.json().message).toBe(g.approvalIrreversible);
    const twice = await approve(w, true);
    expect(twice.statusCode).toBe(200);
    expect(twice.json().guestListApproved).toBe(true);
  });

  it('queues one invitation per guest, once (a second approval queues nothing more)', async () => {
    const w = await createWeddingHost(t);
    await addGuest(t, w);
    await addGuest(t, w);
    await approve(w);
    await approve(w);
    const rows = (await list(w)).guestList as { invitationStatus: string | null }[];
    expect(rows.map((r) => r.invitationStatus)).toEqual(['queued', 'queued']);
    const { whatsappMessages } = await import('../../db/schema/index.ts');
    const { eq } = await import('drizzle-orm');
    expect(
      await t.db.select().from(whatsappMessages).where(eq(whatsappMessages.weddingId, w.weddingId)),
    ).toHaveLength(2);
  });

  it.each([
    ['a string', { guestListApproved: 'true' }],
    ['missing', {}],
  ])('refuses guestListApproved as %s with the Turkish message', async (_case, payload) => {
    const w = await createWeddingHost(t);
    const res = await approveRaw(w, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(g.approvalInvalid);
  });
});

describe('GET /api/guests/export', () => {
  it('answers an Excel-friendly CSV: UTF-8 BOM, ";" columns, Turkish headers and labels, CRLF', async () => {
    const w = await createWeddingHost(t);
    await addGuest(t, w, { name: 'Şükrü Öğün', phone: '05321234567', expectedGuestCount: 2 });
    const b = await addGuest(t, w, { name: '=HYPERLINK("x")', phone: '05329876543', expectedGuestCount: 1 });
    await update(w, b.index, { name: b.name, phone: b.phone, guestCount: 1, status: 'katılacak' });
    const res = await call(w.user.token, {
      method: 'GET',
      url: `/api/guests/export?weddingId=${w.weddingId}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="davetli-listesi.csv"');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(res.body).toBe(
      '\uFEFFSıra No;Ad Soyad;Telefon;Durum;Kişi Sayısı;Beklenen Kişi Sayısı;Davetiye Durumu\r\n' +
        '1;Şükrü Öğün;0532 123 45 67;Belirsiz;0;2;\r\n' +
        `2;"'=HYPERLINK(""x"")";0532 987 65 43;Katılacak;1;1;\r\n`,
    );
  });
});

describe('DELETE /api/guests after approval (a guest asking to be erased)', () => {
  const del = (token: string, w: TestWedding, guest: { name: string; phone: string }) =>
    call(token, {
      method: 'DELETE',
      url: '/api/guests',
      payload: { weddingId: w.weddingId, name: guest.name, phone: guest.phone },
    });

  it('removes the guest and their WhatsApp conversation, closes the order gap, updates the statistics', async () => {
    const { whatsappMessages, whatsappStatusEvents } = await import('../../db/schema/index.ts');
    const { and, eq, inArray } = await import('drizzle-orm');
    const w = await createWeddingHost(t);
    const a = await addGuest(t, w, { name: 'Bir', expectedGuestCount: 2 });
    const b = await addGuest(t, w, { name: 'İki', expectedGuestCount: 3 });
    const c = await addGuest(t, w, { name: 'Üç', expectedGuestCount: 1 });
    await update(w, b.index, { name: b.name, phone: b.phone, guestCount: 3, status: 'katılacak' });
    // The same number is a guest of another host's wedding too: that conversation is not ours to erase.
    const other = await createWeddingHost(t);
    await addGuest(t, other, { name: 'Bir', phone: b.phone });
    expect((await approve(w)).statusCode).toBe(200);
    expect((await approve(other)).statusCode).toBe(200);

    // Each invitation went out and was reported; B replied, and a reply without context from B's
    // number was stored in both weddings under one provider id.
    const invitations = await t.db
      .select()
      .from(whatsappMessages)
      .where(inArray(whatsappMessages.weddingId, [w.weddingId, other.weddingId]));
    expect(invitations).toHaveLength(4);
    for (const m of invitations) {
      await t.db
        .update(whatsappMessages)
        .set({ status: 'delivered', providerMessageId: `wamid.out.${m.id}` })
        .where(eq(whatsappMessages.id, m.id));
      await t.db.insert(whatsappStatusEvents).values({
        id: `ev-${m.id}`,
        providerMessageId: `wamid.out.${m.id}`,
        status: 'delivered',
        occurredAt: new Date(),
      });
    }
    const phoneB = b.phone;
    const inbound = (weddingId: string, id: string, providerMessageId: string) => ({
      id,
      weddingId,
      phone: phoneB,
      direction: 'inbound' as const,
      kind: 'text' as const,
      body: 'Geliyoruz',
      status: 'received' as const,
      providerMessageId,
    });
    await t.db
      .insert(whatsappMessages)
      .values([
        inbound(w.weddingId, `in-1-${w.weddingId}`, `wamid.in.1.${w.weddingId}`),
        inbound(w.weddingId, `in-2-${w.weddingId}`, `wamid.in.2.${w.weddingId}`),
        inbound(other.weddingId, `in-2-${other.weddingId}`, `wamid.in.2.${w.weddingId}`),
      ]);
    await t.db.insert(whatsappStatusEvents).values({
      id: `ev-shared-${w.weddingId}`,
      providerMessageId: `wamid.in.2.${w.weddingId}`,
      status: 'read',
      occurredAt: new Date(),
    });
    const conversation = (weddingId: string, phone: string) =>
      t.db
        .select()
        .from(whatsappMessages)
        .where(and(eq(whatsappMessages.weddingId, weddingId), eq(whatsappMessages.phone, phone)));
    const eventsOf = async (messages: { providerMessageId: string | null }[]) =>
      t.db
        .select()
        .from(whatsappStatusEvents)
        .where(
          inArray(
            whatsappStatusEvents.providerMessageId,
            messages.map((m) => m.providerMessageId!),
          ),
        );
    const ownBefore = await conversation(w.weddingId, phoneB);
    expect(ownBefore).toHaveLength(3);
    const keptBefore = [
      ...(await conversation(w.weddingId, a.phone)),
      ...(await conversation(w.weddingId, c.phone)),
      ...(await conversation(other.weddingId, phoneB)),
    ];
    const keptEventsBefore = await eventsOf(keptBefore);
    expect(keptEventsBefore).toHaveLength(4);
    expect(await stats(w)).toEqual({
      success: true,
      katılacak: 3,
      katılamayacak: 0,
      belirsiz: 2,
      ulaşılamadı: 0,
    });

    const res = await del(w.user.token, w, b);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: g.deleted });

    const after = await list(w);
    expect(after.guestListApproved).toBe(true);
    expect(after.guestList.map((x: { index: number; name: string }) => [x.index, x.name])).toEqual([
      [1, 'Bir'],
      [2, 'Üç'],
    ]);
    expect(await stats(w)).toEqual({
      success: true,
      katılacak: 0,
      katılamayacak: 0,
      belirsiz: 2,
      ulaşılamadı: 0,
    });
    expect(await conversation(w.weddingId, phoneB)).toEqual([]);
    expect(
      (await eventsOf(ownBefore)).map((e) => e.providerMessageId),
      'only the report another wedding still refers to is kept',
    ).toEqual([`wamid.in.2.${w.weddingId}`]);
    // Everyone else's conversation and reports stay.
    expect(await conversation(w.weddingId, a.phone)).toHaveLength(1);
    expect(await conversation(w.weddingId, c.phone)).toHaveLength(1);
    expect(await conversation(other.weddingId, phoneB)).toHaveLength(2);
    expect(await eventsOf(keptBefore)).toHaveLength(keptEventsBefore.length);
    expect((await list(other)).guestList).toHaveLength(1);
  });

  it('still refuses adding with its message, and a stranger can delete nobody', async () => {
    const w = await createWeddingHost(t);
    const a = await addGuest(t, w);
    expect((await approve(w)).statusCode).toBe(200);
    const add = await call(w.user.token, {
      method: 'POST',
      url: '/api/guests',
      payload: { weddingId: w.weddingId, name: 'Geç Kalan', phone: nextPhone(), expectedGuestCount: 1 },
    });
    expect(add.statusCode).toBe(403);
    expect(add.json()).toEqual({ success: false, message: g.addLocked, code: 'FORBIDDEN' });

    const stranger = await createActivatedUser(t);
    const refused = await del(stranger.token, w, a);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(messages.weddings.notFound);
    expect((await list(w)).guestList).toEqual([
      expect.objectContaining({ phone: a.phone, invitationStatus: 'queued' }),
    ]);

    const missing = await del(w.user.token, w, { name: 'Yok', phone: nextPhone() });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(g.notFound);
    expect((await list(w)).guestList).toHaveLength(1);
  });
});
