import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { rateLimitedFor } from '@ani/contract/messages';
import { AppError, ErrorCode } from './errors.ts';

/**
 * Where limit counters live: this process, or Redis when several instances must share them.
 * The counting itself is rate-limiter-flexible's (atomic in Redis, swept in memory).
 */
export type RateLimitStore = {
  /** A limiter allowing `points` per `durationSeconds` window for each key, namespaced by `name`. */
  limiter(options: { name: string; points: number; durationSeconds: number }): RateLimiterAbstract;
  close?(): Promise<void>;
};

export type RateLimiter = {
  /** Counts `points` (default 1) for `key`; throws 429 once the window's limit is passed. */
  consume(key: string, points?: number): Promise<void>;
  /** Forgets a key, e.g. after a successful sign-in. */
  reset(key: string): Promise<void>;
  /** Gives back `points` (default 1) counted for a request that another limit then refused. */
  giveBack(key: string, points?: number): Promise<void>;
};

export class RateLimitError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number, message: string = rateLimitedFor(retryAfterSeconds)) {
    super(ErrorCode.RATE_LIMITED, message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** The library rejects with a RateLimiterRes when a key is over its limit, with an Error when the store fails. */
function toRateLimitError(rejection: unknown): unknown {
  if (rejection instanceof RateLimiterRes) {
    return new RateLimitError(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)));
  }
  return rejection;
}

export function createRateLimiter(options: {
  name: string;
  limit: number;
  /** Window length; whole seconds (the Redis store expires keys by the second). */
  windowMs: number;
  store: RateLimitStore;
}): RateLimiter {
  const limiter = options.store.limiter({
    name: options.name,
    points: options.limit,
    durationSeconds: Math.max(1, Math.ceil(options.windowMs / 1000)),
  });
  return {
    async consume(key, points = 1) {
      await limiter.consume(key, points).catch((rejection: unknown) => {
        throw toRateLimitError(rejection);
      });
    },
    async reset(key) {
      await limiter.delete(key);
    },
    async giveBack(key, points = 1) {
      await limiter.reward(key, points);
    },
  };
}

/** An amount (e.g. bytes) each key may spend per window, kept in the same store as the limits. */
export type Budget = {
  /** Takes `amount` from `key`'s budget, or throws a 429 with `message` (taking nothing) when it would run over. */
  take(key: string, amount: number, message: string): Promise<void>;
  /** Gives back what a failed operation had taken. */
  giveBack(key: string, amount: number): Promise<void>;
  /** Throws the 429 `take` would, taking nothing: is there still `amount` left for `key`? */
  check(key: string, amount: number, message: string): Promise<void>;
  /** Counts `amount` already spent (bytes that arrived), even past the limit: the next `check` refuses. */
  spend(key: string, amount: number): Promise<void>;
};

export function createBudget(options: {
  name: string;
  points: number;
  durationSeconds: number;
  store: RateLimitStore;
}): Budget {
  const limiter = options.store.limiter(options);
  return {
    async take(key, amount, message) {
      try {
        await limiter.consume(key, amount);
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        // consume() counted the refused amount too: only what was accepted stays taken.
        await limiter.reward(key, amount);
        throw new RateLimitError(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)), message);
      }
    },
    async giveBack(key, amount) {
      await limiter.reward(key, amount);
    },
    async check(key, amount, message) {
      const used = await limiter.get(key);
      if ((used?.consumedPoints ?? 0) + amount > options.points)
        throw new RateLimitError(Math.max(1, Math.ceil((used?.msBeforeNext ?? 1000) / 1000)), message);
    },
    async spend(key, amount) {
      if (amount > 0) await limiter.penalty(key, amount);
    },
  };
}

export function createMemoryRateLimitStore(): RateLimitStore {
  // One limiter per name, so two users of a name count together, as they would in Redis.
  const limiters = new Map<string, RateLimiterMemory>();
  return {
    limiter({ name, points, durationSeconds }) {
      let limiter = limiters.get(name);
      if (!limiter) {
        limiter = new RateLimiterMemory({ keyPrefix: name, points, duration: durationSeconds });
        limiters.set(name, limiter);
      }
      return limiter;
    },
  };
}

/** ioredis is loaded only when Redis is configured: a single instance never needs its ~13 MB. */
export async function createRedisRateLimitStore(url: string): Promise<RateLimitStore> {
  const { Redis } = await import('ioredis');
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
    limiter: ({ name, points, durationSeconds }) =>
      new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `ani:rl:${name}`,
        points,
        duration: durationSeconds,
      }),
    async close() {
      await redis.quit();
    },
  };
}
