import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@ani/contract/messages';
import { jobs, whatsappMessages } from '../../db/schema/index.ts';
import { enqueue } from '../../jobs/jobs.ts';
import { createTestApp, type TestApp } from '../../testing/create-test-app.ts';
import { bearer, createActivatedUser } from '../../testing/factories.ts';
import {
  addGuest,
  createWeddingHost,
  multipartFile,
  nextPhone,
  type TestWedding,
} from '../../testing/wedding-factories.ts';
import {
  buttonReply,
  startFakeProvider,
  statusDelivery,
  textReply,
  type FakeProvider,
} from '../../testing/fake-whatsapp-provider.ts';

const appSecret = 'test-app-secret-0123456789';
let t: TestApp;
let provider: FakeProvider;

beforeAll(async () => {
  provider = await startFakeProvider({ appSecret });
  t = await createTestApp({
    env: {
      WHATSAPP_ACCESS_TOKEN: 'test-access-token',
      WHATSAPP_PHONE_NUMBER_ID: '1234567890',
      WHATSAPP_APP_SECRET: appSecret,
      WHATSAPP_VERIFY_TOKEN: 'dogrulama-jetonu',
      WHATSAPP_API_BASE_URL: provider.baseUrl,
      WHATSAPP_SEND_MAX_ATTEMPTS: '4',
    },
  });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  provider.setAppUrl(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`);
});
afterAll(async () => {
  await t.close();
  await provider.close();
});

/**
 * Runs every job until none is left, jumping over retry back-off: the back-off delay is real
 * time, so instead of waiting the test moves the waiting jobs' due time to now.
 */
async function drain(): Promise<void> {
  for (let round = 0; round < 50; round++) {
    await provider.settle();
    await t.app.jobs.runUntilIdle();
    await provider.settle();
    const waiting = await t.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.status, 'pending'));
    if (waiting.length === 0) return;
    await t.db
      .update(jobs)
      .set({ runAt: sql`now() - interval '1 second'` })
      .where(eq(jobs.status, 'pending'));
  }
  throw new Error('jobs did not settle');
}

const get = (w: TestWedding, url: string) =>
  t.app.inject({ method: 'GET', url, headers: bearer(w.user.token) });
const guestList = async (w: TestWedding) =>
  (await get(w, `/api/guests?weddingId=${w.weddingId}`)).json().guestList as {
    name: string;
    phone: string;
    status: string;
    guestCount: number;
    invitationStatus: string | null;
  }[];
const approve = (w: TestWedding) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/guests/approval',
    headers: bearer(w.user.token),
    payload: { weddingId: w.weddingId, guestListApproved: true },
  });
const digits = (e164: string) => e164.replace('+', '');
const successfulSendsTo = (phone: string) =>
  provider.requests.filter((r) => r.answered === 200 && r.body.to === digits(phone)).length;
const providerIdOf = async (phone: string) =>
  (await t.db.select().from(whatsappMessages).where(eq(whatsappMessages.phone, phone))).find(
    (m) => m.kind === 'invitation',
  )!.providerMessageId!;

describe('WhatsApp invitations end to end (local provider on 127.0.0.1)', () => {
  it('sends one invitation per guest through 429/500 answers, then records statuses and replies on the right guest', async () => {
    const w = await createWeddingHost(t);
    const image = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#ffffff' } })
      .jpeg()
      .toBuffer();
    const form = multipartFile('image', 'davetiye.jpg', 'image/jpeg', image);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/weddings/upload-image?username=${encodeURIComponent(w.user.username)}`,
      headers: { ...bearer(w.user.token), ...form.headers },
      payload: form.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const ali = await addGuest(t, w, { name: 'Ali Aksoy', expectedGuestCount: 2 });
    const berna = await addGuest(t, w, { name: 'Berna Bulut', expectedGuestCount: 3 });
    const cem = await addGuest(t, w, { name: 'Cem Coşkun', expectedGuestCount: 1 });
    const deniz = await addGuest(t, w, { name: 'Deniz Duru', expectedGuestCount: 1 });

    // The provider is rate-limiting and then failing for a while.
    provider.script.push(
      {
        status: 429,
        body: { error: { message: '(#130429) Rate limit hit', type: 'OAuthException', code: 130429 } },
      },
      {
        status: 500,
        body: { error: { message: 'An unknown error occurred', type: 'OAuthException', code: 1 } },
      },
      { status: 503, body: '<html>Service Unavailable</html>' },
    );
    provider.setAutoSentStatus(true);
    expect((await approve(w)).statusCode).toBe(200);
    expect((await guestList(w)).map((g) => g.invitationStatus)).toEqual([
      'queued',
      'queued',
      'queued',
      'queued',
    ]);

    await drain();
    provider.setAutoSentStatus(false);

    // Exactly one accepted send per guest, despite the failures before.
    for (const guest of [ali, berna, cem, deniz]) expect(successfulSendsTo(guest.phone)).toBe(1);
    expect(provider.requests.filter((r) => r.answered !== 200)).toHaveLength(3);
    const sent = provider.requests.find((r) => r.answered === 200 && r.body.to === digits(ali.phone))!;
    expect(sent.url).toBe('/v23.0/1234567890/messages');
    expect(sent.authorization).toBe('Bearer test-access-token');
    expect(sent.body.template.name).toBe('davetiye');
    expect(sent.body.template.language).toEqual({ code: 'tr' });
    const [header, body, ...buttons] = sent.body.template.components;
    expect(header!.type).toBe('header');
    expect((header!.parameters[0] as { image: { link: string } }).image.link).toMatch(
      /^http:\/\/localhost:3000\/api\/media\/weddings\/.+\.jpg\?/,
    );
    expect(body!.parameters.map((p) => p.text)).toEqual([
      'Ali Aksoy',
      'Elif & Can',
      '12 Haziran 2027',
      '19:30',
      'Çırağan Sarayı',
    ]);
    expect(
      buttons.map((b) => [b.sub_type, b.index, (b.parameters[0] as { payload: string }).payload]),
    ).toEqual([
      ['quick_reply', '0', 'RSVP_YES'],
      ['quick_reply', '1', 'RSVP_NO'],
      ['quick_reply', '2', 'RSVP_MAYBE'],
    ]);
    expect((await guestList(w)).map((g) => g.invitationStatus)).toEqual(['sent', 'sent', 'sent', 'sent']);

    const aliId = await providerIdOf(ali.phone);
    const bernaId = await providerIdOf(berna.phone);
    const denizId = await providerIdOf(deniz.phone);

    // Statuses, out of order and repeated: a late "delivered" must not overwrite "read".
    for (const payload of [
      statusDelivery([{ id: aliId, status: 'read', recipient: digits(ali.phone) }]),
      statusDelivery([{ id: aliId, status: 'delivered', recipient: digits(ali.phone) }]),
      statusDelivery([{ id: bernaId, status: 'failed', recipient: digits(berna.phone), errorCode: 131026 }]),
      statusDelivery([{ id: denizId, status: 'delivered', recipient: digits(deniz.phone) }]),
      statusDelivery([{ id: denizId, status: 'delivered', recipient: digits(deniz.phone) }]),
    ]) {
      const res = await provider.post(payload);
      expect(res.status).toBe(200);
    }
    // Replies: Ali presses "Katılacağım" on the invitation; the delivery comes twice. Cem writes.
    const aliReply = buttonReply(digits(ali.phone), 'wamid.REPLY.ALI.1', aliId, 'Katılacağım', 'RSVP_YES');
    expect((await provider.post(aliReply)).status).toBe(200);
    expect((await provider.post(aliReply)).status).toBe(200);
    expect(
      (await provider.post(textReply(digits(cem.phone), 'wamid.REPLY.CEM.1', 'Katılamayacağım 🙁'))).status,
    ).toBe(200);
    await drain();

    const list = await guestList(w);
    expect(list.map((g) => [g.name, g.status, g.guestCount, g.invitationStatus])).toEqual([
      ['Ali Aksoy', 'katılacak', 2, 'read'],
      ['Berna Bulut', 'ulaşılamayan', 0, 'failed'],
      ['Cem Coşkun', 'katılamayacak', 0, 'sent'],
      ['Deniz Duru', 'belirsiz', 0, 'delivered'],
    ]);
    const stats = (await get(w, `/api/statistics?weddingId=${w.weddingId}`)).json();
    expect(stats).toEqual({ success: true, katılacak: 2, katılamayacak: 1, belirsiz: 1, ulaşılamadı: 1 });
    const status = (await get(w, `/api/weddings/whatsapp-status?weddingId=${w.weddingId}`)).json();
    expect(status).toEqual({
      success: true,
      connected: true,
      counts: { queued: 0, sent: 1, delivered: 1, read: 1, failed: 1 },
    });

    // The conversation, oldest first, found by any spelling of the number; the duplicate is not there.
    const local = `0${ali.phone.slice(3)}`;
    const conversation = await get(
      w,
      `/api/webhook/conversations/${w.weddingId}/${encodeURIComponent(local)}`,
    );
    expect(conversation.statusCode).toBe(200);
    const msgs = conversation.json().messages as {
      body: string;
      direction: string;
      status: string;
      timestamp: string;
    }[];
    expect(msgs.map((m) => [m.direction, m.status])).toEqual([
      ['outbound', 'read'],
      ['inbound', 'received'],
    ]);
    expect(msgs[0]!.body).toContain('Sevgili Ali Aksoy');
    expect(msgs[1]!.body).toBe('Katılacağım');
    expect(new Date(msgs[0]!.timestamp).getTime()).toBeLessThanOrEqual(
      new Date(msgs[1]!.timestamp).getTime(),
    );
    for (const spelling of ['+90' + ali.phone.slice(3), digits(ali.phone), ali.phone.slice(3)]) {
      const again = await get(w, `/api/webhook/conversations/${w.weddingId}/${encodeURIComponent(spelling)}`);
      expect(again.json().messages).toHaveLength(2);
    }

    // The newest reply wins, whatever order the deliveries arrive in.
    const later = buttonReply(
      digits(ali.phone),
      'wamid.REPLY.ALI.3',
      aliId,
      'Katılamayacağım',
      'RSVP_NO',
      '4000000002',
    );
    const earlier = buttonReply(
      digits(ali.phone),
      'wamid.REPLY.ALI.2',
      aliId,
      'Henüz bilmiyorum',
      'RSVP_MAYBE',
      '4000000001',
    );
    await provider.post(later);
    await provider.post(earlier);
    await drain();
    expect((await guestList(w))[0]).toMatchObject({ status: 'katılamayacak', guestCount: 0 });

    // Nothing more was sent by all this.
    expect(provider.requests.filter((r) => r.answered === 200)).toHaveLength(4);
  });

  it('refuses unsigned and wrongly signed deliveries with 401 and records nothing', async () => {
    const before = await t.db.select({ id: jobs.id }).from(jobs);
    const payload = textReply('905551112233', 'wamid.FORGED', 'Katılacağım');
    const wrong = await provider.post(payload, 'wrong');
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ success: false, message: messages.whatsapp.signatureInvalid });
    expect((await provider.post(payload, 'none')).status).toBe(401);
    // A valid signature over different bytes is still wrong.
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/webhook',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': 'sha256=' + '0'.repeat(64) },
      payload: JSON.stringify(payload),
    });
    expect(tampered.statusCode).toBe(401);
    expect(await t.db.select({ id: jobs.id }).from(jobs)).toHaveLength(before.length);
  });

  it('applies statuses that arrive before the send was answered (webhooks overtake the API answer)', async () => {
    const w = await createWeddingHost(t);
    const guest = await addGuest(t, w, { name: 'Hızlı Okuyan' });
    provider.setBeforeAnswer(async (to, id) => {
      // Delivered and read reach our webhook, and are processed, while the send still waits for its answer.
      expect((await provider.post(statusDelivery([{ id, status: 'delivered', recipient: to }]))).status).toBe(
        200,
      );
      expect((await provider.post(statusDelivery([{ id, status: 'read', recipient: to }]))).status).toBe(200);
      await t.app.jobs.runUntilIdle();
    });
    await approve(w);
    await drain();
    provider.setBeforeAnswer(null);
    expect((await guestList(w))[0]).toMatchObject({ name: guest.name, invitationStatus: 'read' });
  });

  it('sends an invitation once when a second job for it runs while the first is waiting on Meta', async () => {
    const w = await createWeddingHost(t);
    const guest = await addGuest(t, w, { name: 'Tek Davet' });
    let second = false;
    provider.setBeforeAnswer(async () => {
      if (second) return;
      second = true;
      const [message] = await t.db
        .select({ id: whatsappMessages.id })
        .from(whatsappMessages)
        .where(eq(whatsappMessages.phone, guest.phone));
      await enqueue(t.db, 'whatsapp.send-invitation', { messageId: message!.id }, { maxAttempts: 4 });
      await t.app.jobs.runUntilIdle();
    });
    const before = provider.requests.length;
    await approve(w);
    await drain();
    provider.setBeforeAnswer(null);
    expect(second).toBe(true);
    expect(provider.requests.slice(before).filter((r) => r.body.to === digits(guest.phone))).toHaveLength(1);
    expect((await guestList(w))[0]).toMatchObject({ name: guest.name, invitationStatus: 'sent' });
    expect(await t.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.status, 'failed'))).toEqual([]);
  });

  it('accepts signed but odd bodies and skips them without failing jobs', async () => {
    for (const body of [
      { object: 'whatsapp_business_account', entry: 'x' },
      {
        entry: [
          {
            changes: [
              { value: { statuses: [{ id: 5, status: 'read' }], messages: [null, { id: 'm', from: 7 }] } },
            ],
          },
        ],
      },
      { object: 'page', entry: [{ changes: [{ field: 'feed', value: 'x' }] }] },
      textReply('905320000000', 'wamid.NUL\u0000', 'a\u0000b'),
      // A guest who typed the six characters \u0000 (JSON: "\\u0000") at the very end.
      textReply('905320000000', 'wamid.LITERAL', 'a\\u0000'),
      statusDelivery([{ id: 'wamid.FAR', status: 'read', recipient: '905320000000', timestamp: '1e20' }]),
      {
        object: 'whatsapp_business_account',
        entry: [
          {
            changes: [
              {
                field: 'messages',
                value: { messages: [{ from: '905320000000', id: 'wamid.ODD', type: { toString: 1 } }] },
              },
            ],
          },
        ],
      },
      null,
    ]) {
      expect((await provider.post(body)).status).toBe(200);
    }
    await drain();
    expect(await t.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.status, 'failed'))).toEqual([]);
  });

  it('answers the verification handshake only with the right verify token', async () => {
    const ok = await t.app.inject({
      method: 'GET',
      url: '/api/webhook?hub.mode=subscribe&hub.verify_token=dogrulama-jetonu&hub.challenge=1158201444',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/webhook?hub.mode=subscribe&hub.verify_token=yanlis&hub.challenge=1158201444',
    });
    expect(bad.statusCode).toBe(403);
    expect(bad.body).not.toContain('1158201444');
  });

  it('records a reply without context from a guest of two weddings in both, as unmatched, and changes no RSVP', async () => {
    const first = await createWeddingHost(t);
    const second = await createWeddingHost(t);
    const shared = (await addGuest(t, first, { name: 'Ortak Misafir', phone: nextPhone() })).phone;
    await addGuest(t, second, { name: 'Ortak Misafir', phone: shared });
    // The twin: a number that is a guest of one wedding only answers that wedding's invitation.
    const own = await addGuest(t, first, { name: 'Tek Düğün', phone: nextPhone() });
    await approve(first);
    await approve(second);
    await drain();

    await provider.post(textReply(digits(shared), 'wamid.AMBIGUOUS.1', 'Evet'));
    await provider.post(textReply(digits(own.phone), 'wamid.SINGLE.1', 'Evet'));
    await drain();
    // Repeated delivery stores nothing new.
    await provider.post(textReply(digits(shared), 'wamid.AMBIGUOUS.1', 'Evet'));
    await drain();

    const firstList = await guestList(first);
    expect(firstList.find((g) => g.name === 'Ortak Misafir')).toMatchObject({ status: 'belirsiz' });
    expect(firstList.find((g) => g.name === 'Tek Düğün')).toMatchObject({ status: 'katılacak' });
    expect((await guestList(second))[0]).toMatchObject({ status: 'belirsiz' });
    for (const w of [first, second]) {
      const msgs = (
        await get(w, `/api/webhook/conversations/${w.weddingId}/${encodeURIComponent(shared)}`)
      ).json().messages as {
        body: string;
        direction: string;
        unmatched?: boolean;
      }[];
      expect(msgs.filter((m) => m.direction === 'inbound')).toEqual([
        expect.objectContaining({ body: 'Evet', unmatched: true }),
      ]);
    }
    const single = (
      await get(first, `/api/webhook/conversations/${first.weddingId}/${encodeURIComponent(own.phone)}`)
    ).json();
    expect(
      single.messages.find((m: { direction: string }) => m.direction === 'inbound').unmatched,
    ).toBeFalsy();
  });

  it('shows a guest’s message only to a wedding that wrote to them, not to one that merely lists the number', async () => {
    const inviting = await createWeddingHost(t);
    const listing = await createWeddingHost(t);
    const phone = (await addGuest(t, inviting, { name: 'Ilgın Işık', phone: nextPhone() })).phone;
    await approve(inviting);
    // Another host types the same number into a list never approved: no invitation goes from it.
    await addGuest(t, listing, { name: 'Hedef', phone });
    await drain();

    await provider.post(textReply(digits(phone), 'wamid.PRIVATE.1', 'Evet'));
    await drain();

    const inbound = async (w: typeof inviting) =>
      (
        (await get(w, `/api/webhook/conversations/${w.weddingId}/${encodeURIComponent(phone)}`)).json()
          .messages as { body: string; direction: string; unmatched?: boolean }[]
      ).filter((m) => m.direction === 'inbound');
    expect(await inbound(listing)).toEqual([]);
    // The wedding that invited them reads it, as the answer it is.
    expect(await inbound(inviting)).toEqual([expect.objectContaining({ body: 'Evet' })]);
    expect((await inbound(inviting))[0]!.unmatched).toBeFalsy();
    expect((await guestList(inviting))[0]).toMatchObject({ status: 'katılacak' });
    expect((await guestList(listing))[0]).toMatchObject({ status: 'belirsiz' });
  });

  it('marks a guest whose number cannot receive as ulaşılamayan without retrying', async () => {
    const w = await createWeddingHost(t);
    const guest = await addGuest(t, w, { name: 'Numara Yok' });
    provider.scriptFor.set(digits(guest.phone), [
      {
        status: 400,
        body: { error: { message: 'Message undeliverable', type: 'OAuthException', code: 131026 } },
      },
    ]);
    const before = provider.requests.length;
    await approve(w);
    await drain();
    expect(provider.requests.length - before).toBe(1);
    expect((await guestList(w))[0]).toMatchObject({ status: 'ulaşılamayan', invitationStatus: 'failed' });
  });

  it('gives up after the configured attempts when the provider stays down; the guest is not blamed', async () => {
    const w = await createWeddingHost(t);
    const guest = await addGuest(t, w, { name: 'Sabırlı Misafir' });
    const down = { status: 500, body: { error: { message: 'Service temporarily unavailable', code: 2 } } };
    provider.scriptFor.set(digits(guest.phone), [down, down, down, down, down]);
    const before = provider.requests.length;
    await approve(w);
    await drain();
    expect(provider.requests.length - before).toBe(4);
    expect((await guestList(w))[0]).toMatchObject({ status: 'belirsiz', invitationStatus: 'failed' });
    provider.scriptFor.delete(digits(guest.phone));
  });

  it('keeps conversations private: stranger 404, anonymous 401, bad phone 400', async () => {
    const w = await createWeddingHost(t);
    const guest = await addGuest(t, w);
    const url = `/api/webhook/conversations/${w.weddingId}/${encodeURIComponent(guest.phone)}`;
    const stranger = await createActivatedUser(t);
    const foreign = await t.app.inject({ method: 'GET', url, headers: bearer(stranger.token) });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(messages.weddings.notFound);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/weddings/whatsapp-status?weddingId=${w.weddingId}`,
      headers: bearer(stranger.token),
    });
    expect(status.statusCode).toBe(404);
    for (const phone of ['12345', '0012345678901', 'abc']) {
      const bad = await get(w, `/api/webhook/conversations/${w.weddingId}/${phone}`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(messages.whatsapp.phoneInvalid);
    }
    const empty = await get(w, url);
    expect(empty.json()).toEqual({ success: true, messages: [] });
  });
});
