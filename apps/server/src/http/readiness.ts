import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '@ani/contract/errors';
import { messages } from '@ani/contract/messages';
import type { Storage } from '../storage/storage.ts';

/** One thing an instance needs before a load balancer sends it traffic; throws when it is not there. */
export type ReadinessCheck = () => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** main.ts calls it once the job runner has started: until then /api/ready answers 503. */
    markReady(): void;
  }
}

const checkTimeoutMs = 3_000;
// Probes write to the object store: one result serves every probe for this long, so hammering
// /api/ready costs the store nothing more.
const cacheMs = 2_000;

/** Writes, reads back and deletes a tiny object under a key of its own. */
export function storageProbe(storage: Storage): ReadinessCheck {
  const key = `ready-probe/${randomUUID()}`;
  return async () => {
    const body = Buffer.from('ok');
    await storage.put(key, Readable.from([body]));
    const stat = await storage.stat(key);
    await storage.delete(key);
    if (stat?.size !== body.length) throw new Error('storage probe read back a different size');
  };
}

function withTimeout(name: string, check: ReadinessCheck): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    check(),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${name} check timed out`)), checkTimeoutMs);
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * `/api/health` says the process answers (liveness); `/api/ready` says this instance can serve:
 * started (migrations done, jobs running), and each named check passing. A new condition (a disk
 * floor, a queue limit) is one more entry in `checks`.
 */
export function registerReadiness(app: FastifyInstance, checks: Record<string, ReadinessCheck>): void {
  let started = false;
  let last: { at: number; result: Promise<Record<string, string>> } | null = null;
  app.decorate('markReady', () => void (started = true));

  async function evaluate(): Promise<Record<string, string>> {
    const entries = await Promise.all(
      Object.entries(checks).map(async ([name, check]) => {
        try {
          await withTimeout(name, check);
          return [name, 'ok'] as const;
        } catch (error) {
          app.log.warn({ err: error, check: name }, 'readiness check failed');
          return [name, 'failed'] as const;
        }
      }),
    );
    return Object.fromEntries(entries);
  }

  app.get('/api/ready', async (_request, reply) => {
    if (!started) {
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({
          success: false,
          message: messages.generic.unavailable,
          code: ErrorCode.UNAVAILABLE,
          checks: { started: 'no' },
        });
    }
    if (!last || Date.now() - last.at > cacheMs) last = { at: Date.now(), result: evaluate() };
    const results = await last.result;
    const ok = Object.values(results).every((r) => r === 'ok');
    reply.header('cache-control', 'no-store');
    if (ok) return { success: true, checks: results };
    return reply.status(503).header('retry-after', '5').send({
      success: false,
      message: messages.generic.unavailable,
      code: ErrorCode.UNAVAILABLE,
      checks: results,
    });
  });
}
