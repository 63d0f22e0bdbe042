import { randomUUID } from 'node:crypto';
import { Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createMemoryRateLimitStore,
  createRateLimiter,
  createRedisRateLimitStore,
  type RateLimitStore,
} from './rate-limit.ts';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisReachable = await new Promise<boolean>((resolve) => {
  const { hostname, port } = new URL(redisUrl);
  const socket = new Socket();
  socket.setTimeout(500);
  socket.once('connect', () => (socket.destroy(), resolve(true)));
  socket.once('error', () => resolve(false));
  socket.once('timeout', () => (socket.destroy(), resolve(false)));
  socket.connect(Number(port || 6379), hostname);
});

const stores: RateLimitStore[] = [];
afterAll(() => Promise.all(stores.map((s) => s.close?.())));

describe.each([
  ['memory', () => createMemoryRateLimitStore(), true],
  ['redis', () => createRedisRateLimitStore(redisUrl), redisReachable],
] as const)('rate limit store: %s', (_name, make, available) => {
  it.skipIf(!available)(
    'counts hits per key and window, and shares counts between limiters of one store',
    async () => {
      const store = await make();
      stores.push(store);
      // Two limiters over one store stand for two server instances sharing Redis.
      const key = randomUUID();
      const a = createRateLimiter({ name: 'test', limit: 3, windowMs: 60_000, store });
      const b = createRateLimiter({ name: 'test', limit: 3, windowMs: 60_000, store });
      await a.consume(key);
      await b.consume(key);
      await a.consume(key);
      const blocked = await b.consume(key).catch((e: unknown) => e);
      expect(blocked).toMatchObject({ code: 'RATE_LIMITED' });
      expect((blocked as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(50);
      await a.consume(randomUUID());
      await b.reset(key);
      await expect(a.consume(key)).resolves.toBeUndefined();
    },
  );

  it.skipIf(!available)('starts a new window once the old one has passed', async () => {
    const store = await make();
    stores.push(store);
    const limiter = createRateLimiter({ name: 'short', limit: 1, windowMs: 1000, store });
    const key = randomUUID();
    await limiter.consume(key);
    await expect(limiter.consume(key)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    await new Promise((r) => setTimeout(r, 1100));
    await expect(limiter.consume(key)).resolves.toBeUndefined();
  });
});

describe('rate limit store: a Redis that stops answering', () => {
  it('fails the hit instead of holding the request forever', async () => {
    // Accepts connections and never replies: a stalled Redis, as seen from the client.
    const { createServer } = await import('node:net');
    const sockets: Socket[] = [];
    const tarpit = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => tarpit.listen(0, '127.0.0.1', resolve));
    const { port } = tarpit.address() as { port: number };
    const store = await createRedisRateLimitStore(`redis://127.0.0.1:${port}`);
    try {
      const limiter = createRateLimiter({ name: 'stalled', limit: 5, windowMs: 1000, store });
      await expect(limiter.consume('k')).rejects.toThrow();
    } finally {
      store.close?.().catch(() => undefined);
      for (const socket of sockets) socket.destroy();
      tarpit.close();
    }
  }, 15_000);
});
