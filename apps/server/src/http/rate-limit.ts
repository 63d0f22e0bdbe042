import { messages } from '@ani/contract/messages';
import { AppError, ErrorCode } from './errors.ts';

export type RateLimiter = {
  /** Counts one attempt for `key`; throws 429 once the window's limit is passed. */
  consume(key: string): void;
  /** Forgets a key, e.g. after a successful sign-in. */
  reset(key: string): void;
};

/**
 * Fixed-window counter kept in this process. Enough for one instance; several instances
 * share limits through Redis (see docs/decisions).
 */
export function createRateLimiter(options: { limit: number; windowMs: number; now?: () => number }): RateLimiter {
  const { limit, windowMs } = options;
  const now = options.now ?? Date.now;
  const windows = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = now();

  const sweep = (t: number) => {
    if (t - lastSweep < windowMs) return;
    lastSweep = t;
    for (const [key, w] of windows) if (w.resetAt <= t) windows.delete(key);
  };

  return {
    consume(key) {
      const t = now();
      sweep(t);
      let w = windows.get(key);
      if (!w || w.resetAt <= t) {
        w = { count: 0, resetAt: t + windowMs };
        windows.set(key, w);
      }
      w.count += 1;
      if (w.count > limit) {
        throw new RateLimitError(Math.ceil((w.resetAt - t) / 1000));
      }
    },
    reset(key) {
      windows.delete(key);
    },
  };
}

export class RateLimitError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super(ErrorCode.RATE_LIMITED, messages.generic.rateLimited);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
