import { RateLimitError, type RateLimitStore } from '../../http/rate-limit.ts';

const DAY_SECONDS = 24 * 60 * 60;
/** The longest pause between two tries of one (account, address) pair. */
const MAX_DELAY_SECONDS = 15 * 60;

/**
 * Wrong passwords slow down the (account, client address) pair that sends them, not the account:
 * after `freeFailures` consecutive failures each further try has to wait 1 s, 2 s, 4 s … up to
 * 15 minutes. A guesser is slowed to a handful of tries an hour, while the owner signing in from
 * another address is never locked out by someone else's guesses. A right password clears the pair.
 */
export function createLoginGuard(store: RateLimitStore, freeFailures: number) {
  const failures = store.limiter({
    name: 'login-failures',
    points: Number.MAX_SAFE_INTEGER,
    durationSeconds: DAY_SECONDS,
  });
  // Only its block() is used: a blocked key holds more points than the one allowed.
  const pause = store.limiter({ name: 'login-pause', points: 1, durationSeconds: 1 });

  return {
    /** Throws 429 with Retry-After while this pair must still wait. */
    async check(pair: string): Promise<void> {
      const blocked = await pause.get(pair);
      if (blocked && blocked.consumedPoints > 1 && blocked.msBeforeNext > 0) {
        throw new RateLimitError(Math.max(1, Math.ceil(blocked.msBeforeNext / 1000)));
      }
    },
    async failed(pair: string): Promise<void> {
      const { consumedPoints } = await failures.penalty(pair, 1);
      if (consumedPoints >= freeFailures) {
        await pause.block(pair, Math.min(2 ** (consumedPoints - freeFailures), MAX_DELAY_SECONDS));
      }
    },
    async succeeded(pair: string): Promise<void> {
      await Promise.all([failures.delete(pair), pause.delete(pair)]);
    },
  };
}
