import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whatsappMessages } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../testing/create-test-app.ts';
import { bearer } from '../../testing/factories.ts';
import { addGuest, createWeddingHost } from '../../testing/wedding-factories.ts';
import { createWeddingsRepository } from '../weddings/weddings.repository.ts';
import { createWhatsappClient } from './whatsapp.client.ts';
import {
  createWhatsappOutboxRepository,
  type WhatsappOutboxRepository,
} from './whatsapp.outbox.repository.ts';
import { createWhatsappRepository } from './whatsapp.repository.ts';
import { createWhatsappService } from './whatsapp.service.ts';

// A guest must never get the same invitation twice, even when Meta's answer or our own record of
// it is lost; a send Meta refused outright is still retried.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function queuedMessage() {
  const w = await createWeddingHost(t);
  await addGuest(t, w, { name: 'Ayla' });
  await t.app.inject({
    method: 'PATCH',
    url: '/api/guests/approval',
    headers: bearer(w.user.token),
    payload: { weddingId: w.weddingId, guestListApproved: true },
  });
  const [m] = await t.db.select().from(whatsappMessages).where(eq(whatsappMessages.weddingId, w.weddingId));
  return m!;
}

const row = async (id: string) =>
  (await t.db.select().from(whatsappMessages).where(eq(whatsappMessages.id, id)))[0]!;

function service(
  fetchImpl: typeof fetch,
  options: {
    outbox?: Partial<WhatsappOutboxRepository>;
    markUnreachable?: (id: string) => Promise<void>;
  } = {},
) {
  const weddings = createWeddingsRepository(t.db);
  return createWhatsappService({
    repository: createWhatsappRepository(t.db),
    outbox: { ...createWhatsappOutboxRepository(t.db), ...options.outbox },
    access: {} as never,
    weddings: { findById: (id: string) => weddings.findById(id) } as never,
    guests: {
      findById: async () => ({ name: 'Ayla' }),
      markUnreachable: options.markUnreachable ?? (async () => {}),
    } as never,
    client: createWhatsappClient(
      { ...t.config.whatsapp, accessToken: 'x', phoneNumberId: '1', apiBaseUrl: 'http://meta.invalid' },
      fetchImpl,
    ),
    storage: t.storage,
    publicUrl: 'http://x',
    logger: { info() {}, warn() {} },
  });
}

const accepted = (n: number) => new Response(JSON.stringify({ messages: [{ id: `wamid.once.${n}` }] }));

/** Counts the requests that reach "Meta"; the first gets `first`'s answer, later ones are accepted. */
function provider(first: () => Response | never) {
  const calls = { n: 0 };
  const fetchImpl = (async () => {
    calls.n += 1;
    return calls.n === 1 ? first() : accepted(calls.n);
  }) as unknown as typeof fetch;
  return { calls, fetchImpl };
}

/** What undici throws for a failed connection: the system error code is on `cause`. */
const fetchFailure = (code: string): never => {
  throw new TypeError('fetch failed', { cause: Object.assign(new Error(code), { code }) });
};

const expireLease = (id: string) =>
  t.db
    .update(whatsappMessages)
    .set({ sendingUntil: new Date(Date.now() - 1) })
    .where(eq(whatsappMessages.id, id));

describe('WhatsApp invitation sending when an answer is lost', () => {
  it('does not send again after a timeout (Meta may have accepted) and shows the message as failed', async () => {
    const m = await queuedMessage();
    const { calls, fetchImpl } = provider(() => {
      throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    });
    const s = service(fetchImpl);
    await s.sendInvitation({ messageId: m.id }, { attempt: 1, maxAttempts: 8 });
    await s.sendInvitation({ messageId: m.id }, { attempt: 2, maxAttempts: 8 });
    await expireLease(m.id);
    await s.sendInvitation({ messageId: m.id }, { attempt: 3, maxAttempts: 8 });
    expect(calls.n).toBe(1);
    const after = await row(m.id);
    expect(after.status).toBe('failed');
    expect(after.lastError).toMatch(/outcome unknown/);
  });

  it('does not send again after a connection reset once the request went out', async () => {
    const m = await queuedMessage();
    const { calls, fetchImpl } = provider(() => fetchFailure('ECONNRESET'));
    const s = service(fetchImpl);
    await s.sendInvitation({ messageId: m.id }, { attempt: 1, maxAttempts: 8 });
    await s.sendInvitation({ messageId: m.id }, { attempt: 2, maxAttempts: 8 });
    expect(calls.n).toBe(1);
    expect((await row(m.id)).status).toBe('failed');
  });

  it('retries a send Meta answered with a refusal (5xx) and sends it on the next attempt', async () => {
    const m = await queuedMessage();
    const { calls, fetchImpl } = provider(() => new Response('{"error":{"code":131000}}', { status: 500 }));
    const s = service(fetchImpl);
    await expect(s.sendInvitation({ messageId: m.id }, { attempt: 1, maxAttempts: 8 })).rejects.toThrow(
      /retried/,
    );
    expect((await row(m.id)).sendingUntil).toBeNull();
    await s.sendInvitation({ messageId: m.id }, { attempt: 2, maxAttempts: 8 });
    expect(calls.n).toBe(2);
    expect(await row(m.id)).toMatchObject({ status: 'sent', providerMessageId: 'wamid.once.2' });
  });

  it('retries a send whose connection never opened (Meta cannot have seen it)', async () => {
    const m = await queuedMessage();
    const { calls, fetchImpl } = provider(() => fetchFailure('ECONNREFUSED'));
    const s = service(fetchImpl);
    await expect(s.sendInvitation({ messageId: m.id }, { attempt: 1, maxAttempts: 8 })).rejects.toThrow(
      /retried/,
    );
    await s.sendInvitation({ messageId: m.id }, { attempt: 2, maxAttempts: 8 });
    expect(calls.n).toBe(2);
    expect((await row(m.id)).status).toBe('sent');
  });

  it('stores the provider id through a database blip after Meta accepted, sending once', async () => {
    const m = await queuedMessage();
    const { calls, fetchImpl } = provider(() => accepted(1));
    const real = createWhatsappOutboxRepository(t.db);
    let failures = 1;
    const s = service(fetchImpl, {
      outbox: {
        markSent: async (id, providerId) => {
          if (failures-- > 0) throw new Error('connection terminated');
          return real.markSent(id, providerId);
        },
      },
    });
    await s.sendInvitation({ messageId: m.id }, { attempt: 1, maxAttempts: 8 });
    await expireLease(m.id);
    await s.sendInvitation({ messageId: m.id }, { attempt: 6, maxAttempts: 8 });
    expect(calls.n).toBe(1);
    expect(await row(m.id)).toMatchObject({ status: 'sent', providerMessageId: 'wamid.once.1' });
  });

  it('never resends when the provider id could not be stored at all: the lease stays and the message fails', async () => {
    const m = await queuedMessage();
    const { calls, fetchImpl } = provider(() => accepted(1));
    const real = createWhatsappOutboxRepository(t.db);
    let down = true;
    const s = service(fetchImpl, {
      outbox: {
        markSent: async (id, providerId) => {
          if (down) throw new Error('connection terminated');
          return real.markSent(id, providerId);
        },
      },
    });
    await expect(s.sendInvitation({ messageId: m.id }, { attempt: 1, maxAttempts: 8 })).rejects.toThrow(
      /connection terminated/,
    );
    expect((await row(m.id)).sendingUntil).not.toBeNull();
    down = false;
    // The job's retry while the lease is held waits; after it ran out, nothing is sent again.
    await expect(s.sendInvitation({ messageId: m.id }, { attempt: 2, maxAttempts: 8 })).rejects.toThrow(
      /another worker/,
    );
    await expireLease(m.id);
    await s.sendInvitation({ messageId: m.id }, { attempt: 6, maxAttempts: 8 });
    expect(calls.n).toBe(1);
    expect((await row(m.id)).status).toBe('failed');
  }, 15_000);
});

describe('WhatsApp failed-status deliveries', () => {
  async function sentMessage() {
    const m = await queuedMessage();
    await service((async () => accepted(Date.now())) as unknown as typeof fetch).sendInvitation(
      { messageId: m.id },
      { attempt: 1, maxAttempts: 8 },
    );
    return row(m.id);
  }
  const report = (providerMessageId: string, status: string) => ({
    entry: [
      {
        changes: [
          {
            value: {
              statuses: [
                {
                  id: providerMessageId,
                  status,
                  timestamp: '1790000000',
                  errors: [{ code: 131026, title: 'undeliverable' }],
                },
              ],
            },
          },
        ],
      },
    ],
  });

  it('marks the guest unreachable on the retry when the first delivery stored the report but failed to mark', async () => {
    const m = await sentMessage();
    const marked: string[] = [];
    let blip = true;
    const s = service((async () => accepted(0)) as unknown as typeof fetch, {
      markUnreachable: async (id) => {
        if (blip) {
          blip = false;
          throw new Error('db blip');
        }
        marked.push(id);
      },
    });
    const body = report(m.providerMessageId!, 'failed');
    await expect(s.processWebhook(body)).rejects.toThrow(/blip/);
    await s.processWebhook(body);
    expect(marked).toEqual([m.guestId]);
  });

  it('marks nobody for a repeated report that is not a failure', async () => {
    const m = await sentMessage();
    const marked: string[] = [];
    const s = service((async () => accepted(0)) as unknown as typeof fetch, {
      markUnreachable: async (id) => {
        marked.push(id);
      },
    });
    const body = report(m.providerMessageId!, 'delivered');
    await s.processWebhook(body);
    await s.processWebhook(body);
    expect(marked).toEqual([]);
    expect((await row(m.id)).status).toBe('delivered');
  });
});
