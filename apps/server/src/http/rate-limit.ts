import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { messages } from '@ani/contract/messages';
import { AppError, ErrorCode } from './errors.ts';

/** Counts hits per key in fixed windows. In process by default; Redis when instances must share. */
export type RateLimitStore = {
  /** Adds one hit to `key`'s current window and returns the count so far and when the window ends. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetAt: number }>;
  reset(key: string): Promise<void>;
  /**
   * A counter of arbitrary amounts (e.g. bytes) per key over a window, kept where the store keeps its
   * counters, so every instance shares it when Redis is used.
   */
  budget(options: { name: string; points: number; durationSeconds: number }): Budget;
  close?(): Promise<void>;
};

export type Budget = {
  /** Takes `amount` from `key`'s budget, or throws a 429 with `message` (and takes nothing) when it would run over. */
  take(key: string, amount: number, message: string): Promise<void>;
  /** Gives back what a failed operation had taken. */
  giveBack(key: string, amount: number): Promise<void>;
};

function budgetOver(limiter: RateLimiterAbstract): Budget {
  return {
    async take(key, amount, message) {
      try {
        await limiter.consume(key, amount);
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        // consume() counted the refused amount too: only what was accepted stays taken.
        await limiter.reward(key, amount);
        throw new RateLimitError(Math.max(1, Math.ceil(error.msBeforeNext / 1000)), message);
      }
    },
    async giveBack(key, amount) {
      await limiter.reward(key, amount);
    },
  };
}

export type RateLimiter = {
  /** Counts one attempt for `key`; throws 429 once the window's limit is passed. */
  consume(key: string): Promise<void>;
  /** Forgets a key, e.g. after a successful sign-in. */
  reset(key: string): Promise<void>;
};

export class RateLimitError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number, message: string = messages.generic.rateLimited) {
    super(ErrorCode.RATE_LIMITED, message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export function createRateLimiter(options: {
  name: string;
  limit: number;
  windowMs: number;
  store: RateLimitStore;
  now?: () => number;
}): RateLimiter {
  const { name, limit, windowMs, store } = options;
  const now = options.now ?? Date.now;
  return {
    async consume(key) {
      const { count, resetAt } = await store.hit(`${name}:${key}`, windowMs);
      if (count > limit) throw new RateLimitError(Math.max(1, Math.ceil((resetAt - now()) / 1000)));
    },
    reset: (key) => store.reset(`${name}:${key}`),
  };
}

export function createMemoryRateLimitStore(now: () => number = Date.now): RateLimitStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = now();
  return {
    async hit(key, windowMs) {
      const t = now();
      if (t - lastSweep > 60_000) {
        lastSweep = t;
        for (const [k, w] of windows) if (w.resetAt <= t) windows.delete(k);
      }
      let w = windows.get(key);
      if (!w || w.resetAt <= t) {
        w = { count: 0, resetAt: t + windowMs };
        windows.set(key, w);
      }
      w.count += 1;
      return { ...w };
    },
    async reset(key) {
      windows.delete(key);
    },
    budget: ({ name, points, durationSeconds }) =>
      budgetOver(new RateLimiterMemory({ keyPrefix: `budget:${name}`, points, duration: durationSeconds })),
  };
}

// INCR and the first PEXPIRE in one round trip, atomically: two instances never both start a window.
const hitScript = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('PTTL', KEYS[1])}
`;

export function createRedisRateLimitStore(url: string): RateLimitStore {
  // A Redis that accepts connections but stops answering must fail a sign-in in seconds, not hang it.
  const redis = new Redis(url, {
    lazyConnect: false,
    maxRetriesPerRequest: 2,
    enableOfflineQueue: true,
    connectTimeout: 5_000,
    commandTimeout: 2_000,
  });
  // Connection problems surface on each command; an unhandled 'error' event would crash the process.
  redis.on('error', () => {});
  return {
    async hit(key, windowMs) {
      const [count, ttl] = (await redis.eval(hitScript, 1, `ani:rl:${key}`, windowMs)) as [number, number];
      return { count, resetAt: Date.now() + Math.max(ttl, 0) };
    },
    async reset(key) {
      await redis.del(`ani:rl:${key}`);
    },
    budget: ({ name, points, durationSeconds }) =>
      budgetOver(
        new RateLimiterRedis({ storeClient: redis, keyPrefix: `ani:budget:${name}`, points, duration: durationSeconds }),
      ),
    async close() {
      await redis.quit();
    },
  };
}
