import { createServer as createHttpServer } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, whatsappMessages } from '../../db/schema/index.ts';
import { backoffMs, createJobRunner } from '../../jobs/job-runner.ts';
import { jobRegistry } from '../../jobs/jobs.ts';
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
    apiBaseUrl?: string;
    timeoutMs?: number;
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
      {
        ...t.config.whatsapp,
        accessToken: 'x',
        phoneNumberId: '1',
        apiBaseUrl: options.apiBaseUrl ?? 'http://meta.invalid',
      },
      fetchImpl,
      { timeoutMs: options.timeoutMs },
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

const sendJobsOf = (messageId: string) =>
  t.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, 'whatsapp.send-invitation'), eq(sql`${jobs.payload}->>'messageId'`, messageId)));

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
    // The job's retry while the lease is held waits for it (a job due after the lease); after it
    // ran out, nothing is sent again.
    await s.sendInvitation({ messageId: m.id }, { attempt: 2, maxAttempts: 8 });
    const lease = (await row(m.id)).sendingUntil!;
    const waiting = (await sendJobsOf(m.id)).filter((j) => j.runAt.getTime() > lease.getTime());
    expect(waiting.map((j) => j.maxAttempts)).toEqual([7]);
    await expireLease(m.id);
    await s.sendInvitation({ messageId: m.id }, { attempt: 6, maxAttempts: 8 });
    expect(calls.n).toBe(1);
    expect((await row(m.id)).status).toBe('failed');
  }, 15_000);
});

describe('WhatsApp invitation sending when the connection fails', () => {
  /** A TCP server that accepts connections and never says a word: a TLS handshake never completes. */
  async function silentServer() {
    const sockets = new Set<Socket>();
    const server: Server = createTcpServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return {
      port: (server.address() as AddressInfo).port,
      close: () => {
        for (const socket of sockets) socket.destroy();
        return new Promise<void>((resolve) => server.close(() => resolve()));
      },
    };
  }

  /**
   * Node's own fetch connector, the one production uses, with a short connect timeout (10 s by
   * default). Its Agent class is that of the global dispatcher, which exists once fetch was used.
   */
  async function shortConnectTimeout(): Promise<{ close(): Promise<void> } | undefined> {
    await fetch('http://127.0.0.1:1').catch(() => undefined);
    type AgentClass = new (options: object) => { close(): Promise<void> };
    const dispatcher = (globalThis as Record<symbol, { constructor: AgentClass } | undefined>)[
      Symbol.for('undici.globalDispatcher.1')
    ];
    return dispatcher ? new dispatcher.constructor({ connect: { timeout: 300 } }) : undefined;
  }

  it('retries a send whose TLS handshake never completed (a connect timeout: nothing left)', async () => {
    const m = await queuedMessage();
    const server = await silentServer();
    const dispatcher = await shortConnectTimeout();
    const codes: unknown[] = [];
    const calls = { n: 0 };
    const fetchImpl = (async (url: string, init: RequestInit) => {
      calls.n += 1;
      if (calls.n > 1) return accepted(calls.n);
      try {
        return await fetch(url, { ...init, dispatcher } as RequestInit);
      } catch (error) {
        codes.push(((error as Error).cause as { code?: unknown } | undefined)?.code);
        throw error;
      }
    }) as unknown as typeof fetch;
    const s = service(fetchImpl, { apiBaseUrl: `https://127.0.0.1:${server.port}`, timeoutMs: 20_000 });
    try {
      await expect(s.sendInvitation({ messageId: m.id }, { attempt: 1, maxAttempts: 8 })).rejects.toThrow(
        /retried/,
      );
      expect(codes).toEqual(['UND_ERR_CONNECT_TIMEOUT']);
      expect(await row(m.id)).toMatchObject({ status: 'queued', sendingUntil: null });
      await s.sendInvitation({ messageId: m.id }, { attempt: 2, maxAttempts: 8 });
      expect(calls.n).toBe(2);
      expect(await row(m.id)).toMatchObject({ status: 'sent', providerMessageId: 'wamid.once.2' });
    } finally {
      await server.close();
      await dispatcher?.close();
    }
  }, 15_000);

  it('does not send again a request the server read but never answered (outcome unknown)', async () => {
    const m = await queuedMessage();
    const received: string[] = [];
    const server = createHttpServer((request) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => received.push(body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const calls = { n: 0 };
    const fetchImpl = (async (url: string, init: RequestInit) => {
      calls.n += 1;
      return calls.n > 1 ? accepted(calls.n) : fetch(url, init);
    }) as unknown as typeof fetch;
    const s = service(fetchImpl, { apiBaseUrl: `http://127.0.0.1:${port}`, timeoutMs: 300 });
    try {
      await s.sendInvitation({ messageId: m.id }, { attempt: 1, maxAttempts: 8 });
      await s.sendInvitation({ messageId: m.id }, { attempt: 2, maxAttempts: 8 });
      expect(received).toHaveLength(1);
      expect(calls.n).toBe(1);
      const after = await row(m.id);
      expect(after.status).toBe('failed');
      expect(after.lastError).toMatch(/outcome unknown/);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  const template = { to: '905321234567', imageUrl: null, bodyParameters: [] };
  const clientFailing = (code: string) =>
    createWhatsappClient(
      { ...t.config.whatsapp, accessToken: 'x', phoneNumberId: '1', apiBaseUrl: 'https://meta.invalid' },
      (async () => fetchFailure(code)) as unknown as typeof fetch,
    );

  it.each([
    'CERT_HAS_EXPIRED',
    'DEPTH_ZERO_SELF_SIGNED_CERT',
    'SELF_SIGNED_CERT_IN_CHAIN',
    'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
    'ERR_TLS_CERT_ALTNAME_INVALID',
  ])('retries a send whose certificate was refused in the handshake (%s)', async (code) => {
    expect(await clientFailing(code).sendInvitation(template)).toMatchObject({
      ok: false,
      retry: true,
      outcomeUnknown: false,
    });
  });

  it.each(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE'])(
    'treats a failure once the request may have gone out as unknown (%s)',
    async (code) => {
      expect(await clientFailing(code).sendInvitation(template)).toMatchObject({
        ok: false,
        retry: false,
        outcomeUnknown: true,
      });
    },
  );
});

describe('WhatsApp invitation sending when a refusal cannot be recorded', () => {
  it('releases the lease of a send Meta refused through a database blip, and sends it next time', async () => {
    const m = await queuedMessage();
    const { calls, fetchImpl } = provider(() => new Response('{"error":{"code":131000}}', { status: 500 }));
    const real = createWhatsappOutboxRepository(t.db);
    let failures = 1;
    const s = service(fetchImpl, {
      outbox: {
        recordAttemptFailure: async (...args) => {
          if (failures-- > 0) throw new Error('connection terminated');
          return real.recordAttemptFailure(...args);
        },
      },
    });
    await expect(s.sendInvitation({ messageId: m.id }, { attempt: 1, maxAttempts: 8 })).rejects.toThrow(
      /retried/,
    );
    expect((await row(m.id)).sendingUntil).toBeNull();
    await s.sendInvitation({ messageId: m.id }, { attempt: 2, maxAttempts: 8 });
    expect(calls.n).toBe(2);
    expect((await row(m.id)).status).toBe('sent');
  });

  it('does not mark a refused send "outcome unknown" when its lease could not be released at all', async () => {
    const m = await queuedMessage();
    const { calls, fetchImpl } = provider(() => new Response('{"error":{"code":131000}}', { status: 500 }));
    const real = createWhatsappOutboxRepository(t.db);
    let down = true;
    const s = service(fetchImpl, {
      outbox: {
        recordAttemptFailure: async (...args) => {
          if (down) throw new Error('connection terminated');
          return real.recordAttemptFailure(...args);
        },
      },
    });
    await expect(s.sendInvitation({ messageId: m.id }, { attempt: 1, maxAttempts: 8 })).rejects.toThrow(
      /connection terminated/,
    );
    expect((await row(m.id)).sendingUntil).not.toBeNull();
    down = false;
    await expireLease(m.id);
    await s.sendInvitation({ messageId: m.id }, { attempt: 2, maxAttempts: 8 });
    expect(calls.n).toBe(2);
    expect(await row(m.id)).toMatchObject({ status: 'sent', providerMessageId: 'wamid.once.2' });
  }, 15_000);
});

describe('WhatsApp invitation waiting on a held send lease', () => {
  it('uses no attempt while the lease is held and ends the message after it, never queued with no job', async () => {
    const m = await queuedMessage();
    // Only this message's send job runs here.
    await t.db
      .delete(jobs)
      .where(and(eq(jobs.kind, 'whatsapp.send-invitation'), ne(sql`${jobs.payload}->>'messageId'`, m.id)));
    // As many attempts as the whatsapp queue's default (a deployment may set its sends that low):
    // their backoffs all fall within one lease.
    await t.db
      .update(jobs)
      .set({ maxAttempts: 5 })
      .where(eq(sql`${jobs.payload}->>'messageId'`, m.id));
    // Meta accepts, but its id can never be stored: the lease stays held for its full two minutes.
    const { calls, fetchImpl } = provider(() => accepted(1));
    const s = service(fetchImpl, {
      outbox: {
        markSent: async () => {
          throw new Error('connection terminated');
        },
      },
    });
    let now = new Date();
    const runner = createJobRunner({
      db: t.db,
      logger: { info() {}, warn() {}, error() {} },
      registry: jobRegistry,
      clock: () => now,
    });
    runner.handle('whatsapp.send-invitation', (payload, context) => s.sendInvitation(payload, context));
    const run = async (afterMs: number) => {
      now = new Date(now.getTime() + afterMs);
      await runner.runUntilIdle(20);
    };
    await run(0);
    const lease = (await row(m.id)).sendingUntil!;
    // Every retry the queue's attempts allow (5 s, 10 s, 20 s, 40 s), all within the lease.
    for (let attempt = 1; attempt < 5; attempt++) await run(backoffMs(attempt) + 1);
    expect(now.getTime()).toBeLessThan(lease.getTime());
    expect((await row(m.id)).status).toBe('queued');
    const [waiting, ...others] = await sendJobsOf(m.id);
    expect(others).toEqual([]);
    expect(waiting).toMatchObject({ status: 'pending' });
    expect(waiting!.runAt.getTime()).toBeGreaterThan(lease.getTime());

    // The lease ran out (its holder never recorded Meta's answer): the message ends failed.
    await expireLease(m.id);
    now = waiting!.runAt;
    await runner.runUntilIdle(20);
    expect(calls.n).toBe(1);
    expect(await row(m.id)).toMatchObject({
      status: 'failed',
      lastError: expect.stringMatching(/outcome unknown/),
    });
    expect(await sendJobsOf(m.id)).toEqual([]);
  }, 20_000);

  it("ends sent when the attempt holding the lease records Meta's answer", async () => {
    const m = await queuedMessage();
    const { calls, fetchImpl } = provider(() => accepted(1));
    const outbox = createWhatsappOutboxRepository(t.db);
    // Another worker's attempt is under way.
    expect(await outbox.claimAttempt(m.id, 0, 120_000)).toBe(true);
    const s = service(fetchImpl);
    await s.sendInvitation({ messageId: m.id }, { attempt: 5, maxAttempts: 5 });
    expect(calls.n).toBe(0);
    const lease = (await row(m.id)).sendingUntil!;
    const waiting = (await sendJobsOf(m.id)).find((j) => j.runAt.getTime() > lease.getTime());
    expect(waiting).toMatchObject({ status: 'pending', maxAttempts: 1 });
    await outbox.markSent(m.id, 'wamid.other-worker');
    await s.sendInvitation({ messageId: m.id }, { attempt: 1, maxAttempts: 1 });
    expect(calls.n).toBe(0);
    expect(await row(m.id)).toMatchObject({ status: 'sent', providerMessageId: 'wamid.other-worker' });
  });
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

describe('WhatsApp outbox sweep', () => {
  it('gives a queued invitation whose send job failed for good a new job, and it is sent once', async () => {
    const m = await queuedMessage();
    // Its job used up its attempts while the database was away: the message still reads "queued".
    await t.db
      .update(jobs)
      .set({ status: 'failed', lastError: 'connection terminated' })
      .where(and(eq(jobs.kind, 'whatsapp.send-invitation'), eq(sql`${jobs.payload}->>'messageId'`, m.id)));
    const { calls, fetchImpl } = provider(() => accepted(1));
    const s = service(fetchImpl);
    expect(await s.requeueOutbox(5)).toBeGreaterThanOrEqual(1);
    const live = (await sendJobsOf(m.id)).filter((j) => j.status === 'pending');
    expect(live).toHaveLength(1);
    await s.sendInvitation({ messageId: m.id }, { attempt: 1, maxAttempts: 5 });
    expect(calls.n).toBe(1);
    expect((await row(m.id)).status).toBe('sent');
  });

  it('gives no second job to a queued invitation whose job is still waiting to run', async () => {
    const m = await queuedMessage();
    const s = service(provider(() => accepted(1)).fetchImpl);
    await s.requeueOutbox(5);
    expect(await sendJobsOf(m.id)).toHaveLength(1);
  });
});
