import { eq } from 'drizzle-orm';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createLogger } from '../../http/logger.ts';
import { createMemoryRateLimitStore } from '../../http/rate-limit.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@ani/contract/messages';
import { whatsappMessages } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../testing/create-test-app.ts';
import { bearer } from '../../testing/factories.ts';
import { addGuest, createWeddingHost } from '../../testing/wedding-factories.ts';
import { signBody } from './whatsapp-signature.ts';
import { startFakeProvider, textReply } from '../../testing/fake-whatsapp-provider.ts';

// No WHATSAPP_* configuration at all: the product still works and says WhatsApp is not connected.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('WhatsApp not configured', () => {
  it('records invitations in the outbox as queued, sends nothing, and reports "not connected"', async () => {
    const w = await createWeddingHost(t);
    await addGuest(t, w, { name: 'Ayla' });
    await addGuest(t, w, { name: 'Barış' });
    const approved = await t.app.inject({
      method: 'PATCH',
      url: '/api/guests/approval',
      headers: bearer(w.user.token),
      payload: { weddingId: w.weddingId, guestListApproved: true },
    });
    expect(approved.statusCode).toBe(200);
    await t.app.jobs.runUntilIdle();

    const rows = await t.db
      .select()
      .from(whatsappMessages)
      .where(eq(whatsappMessages.weddingId, w.weddingId));
    expect(rows.map((r) => [r.direction, r.kind, r.status, r.providerMessageId, r.attempts])).toEqual([
      ['outbound', 'invitation', 'queued', null, 0],
      ['outbound', 'invitation', 'queued', null, 0],
    ]);
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/weddings/whatsapp-status?weddingId=${w.weddingId}`,
      headers: bearer(w.user.token),
    });
    expect(status.json()).toEqual({
      success: true,
      connected: false,
      counts: { queued: 2, sent: 0, delivered: 0, read: 0, failed: 0 },
      message: messages.whatsapp.notConnected,
    });
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/guests?weddingId=${w.weddingId}`,
      headers: bearer(w.user.token),
    });
    expect(list.json().guestList.map((g: { invitationStatus: string }) => g.invitationStatus)).toEqual([
      'queued',
      'queued',
    ]);
    // The host can already read what will be sent.
    const phone = rows[0]!.phone;
    const conversation = await t.app.inject({
      method: 'GET',
      url: `/api/webhook/conversations/${w.weddingId}/${encodeURIComponent(phone)}`,
      headers: bearer(w.user.token),
    });
    expect(conversation.json().messages).toEqual([
      {
        body: expect.stringContaining('Elif & Can'),
        timestamp: expect.any(String),
        direction: 'outbound',
        status: 'queued',
      },
    ]);
  });

  it('refuses every webhook delivery (no app secret to check it with) and the handshake', async () => {
    const raw = JSON.stringify(textReply('905321112233', 'wamid.X', 'Katılacağım'));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/webhook',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signBody(raw, '') },
      payload: raw,
    });
    expect(res.statusCode).toBe(401);
    const handshake = await t.app.inject({
      method: 'GET',
      url: '/api/webhook?hub.mode=subscribe&hub.verify_token=&hub.challenge=42',
    });
    expect(handshake.statusCode).toBe(403);
    expect(handshake.json().message).toBe(messages.whatsapp.verifyFailed);
  });
});

describe('WhatsApp configured later', () => {
  it('sends the invitations waiting in the outbox when an instance starts with credentials', async () => {
    const w = await createWeddingHost(t);
    const guest = await addGuest(t, w, { name: 'Bekleyen Misafir' });
    await t.app.inject({
      method: 'PATCH',
      url: '/api/guests/approval',
      headers: bearer(w.user.token),
      payload: { weddingId: w.weddingId, guestListApproved: true },
    });
    await t.app.jobs.runUntilIdle();

    // A second instance on the same database and store, now with WhatsApp credentials.
    const provider = await startFakeProvider({ appSecret: 'later-secret' });
    const connected = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: t.config.dataDir,
        SECRET_KEY: t.config.secretKey,
        PUBLIC_URL: t.config.publicUrl,
        WEB_DIST_DIR: t.config.webDistDir,
        WHATSAPP_ACCESS_TOKEN: 'later-token',
        WHATSAPP_PHONE_NUMBER_ID: '555',
        WHATSAPP_APP_SECRET: 'later-secret',
        WHATSAPP_API_BASE_URL: provider.baseUrl,
      }),
      db: t.db,
      listen: t.database.listen,
      pingDatabase: async () => {},
      storage: t.storage,
      logger: createLogger('silent'),
      rateLimitStore: createMemoryRateLimitStore(),
      mailer: { send: async () => {} },
    });
    try {
      await connected.ready();
      await connected.jobs.runUntilIdle();
      const sentTo = provider.requests.filter((r) => r.answered === 200).map((r) => `+${r.body.to}`);
      expect(sentTo).toContain(guest.phone);
      // Every queued invitation of this database went out exactly once.
      expect(new Set(sentTo).size).toBe(sentTo.length);
      const rows = await t.db
        .select()
        .from(whatsappMessages)
        .where(eq(whatsappMessages.weddingId, w.weddingId));
      expect(rows.map((r) => r.status)).toEqual(['sent']);
      // /api/metrics counts each send by its outcome.
      const sends = (await connected.metrics.whatsappSends.get()).values;
      expect(sends.find((v) => v.labels.outcome === 'sent')?.value).toBe(sentTo.length);
      await connected.close();
    } finally {
      await provider.close();
    }
  });
});
