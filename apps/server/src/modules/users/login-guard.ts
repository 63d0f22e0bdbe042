import { createRateLimiter, RateLimitError, type RateLimitStore } from '../../http/rate-limit.ts';
import { verifyPassword } from './passwords.ts';

const DAY_SECONDS = 24 * 60 * 60;
const FIFTEEN_MINUTES = 15 * 60 * 1000;
/** The longest pause between two tries of one (account, address) pair. */
const MAX_DELAY_SECONDS = 15 * 60;

export type LoginGuardLimits = {
  /** Password tries per client address in 15 minutes, over all accounts. */
  loginPerIp: number;
  /** Consecutive wrong passwords of one (account, address) pair before each try must wait. */
  loginFreeFailures: number;
};

/** The pair an existing account's tries are counted under, whichever name or route it is tried by. */
export const accountPair = (userId: string, ip: string) => `user:${userId}|${ip}`;

/**
 * Wrong passwords slow down the (account, client address) pair that sends them, not the account:
 * after `freeFailures` consecutive failures each further try has to wait 1 s, 2 s, 4 s … up to
 * 15 minutes. A guesser is slowed to a handful of tries an hour, while the owner signing in from
 * another address is never locked out by someone else's guesses. A right password clears the pair.
 *
 * Made once per app and handed to every place that checks a password (sign-in, the profile's
 * current password, the deletion request): a guess typed into any of them counts the same, so a
 * stolen session is no way around the sign-in's slow-down.
 */
export function createLoginGuard(store: RateLimitStore, limits: LoginGuardLimits) {
  const freeFailures = limits.loginFreeFailures;
  const perIp = createRateLimiter({
    name: 'login-ip',
    limit: limits.loginPerIp,
    windowMs: FIFTEEN_MINUTES,
    store,
  });
  const failures = store.limiter({
    name: 'login-failures',
    points: Number.MAX_SAFE_INTEGER,
    durationSeconds: DAY_SECONDS,
  });
  // Only its block() is used: a blocked key holds more points than the one allowed.
  const pause = store.limiter({ name: 'login-pause', points: 1, durationSeconds: 1 });

  const guard = {
    /**
     * Counts one password try from this address: 429 past the window's limit. Taken atomically
     * before any hashing, it also bounds tries sent in parallel, which all pass `check` before the
     * first of them has failed. A right password gives its try back (`succeeded`): an office or a
     * venue shares one address, and its people signing in must not use up what bounds a guesser.
     */
    async countTry(ip: string): Promise<void> {
      await perIp.consume(ip);
    },
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
    async succeeded(pair: string, ip: string): Promise<void> {
      await Promise.all([failures.delete(pair), pause.delete(pair), perIp.giveBack(ip)]);
    },
    /**
     * The password of a signed-in account, checked as a sign-in checks it: counted for the address
     * and refused while the pair waits, both before any hashing; a wrong password counts toward the
     * pair's pause and the right one clears it.
     */
    async verifyAccountPassword(
      user: { id: string; passwordHash: string },
      password: string,
      ip: string,
    ): Promise<boolean> {
      await guard.countTry(ip);
      const pair = accountPair(user.id, ip);
      await guard.check(pair);
      const valid = await verifyPassword(user.passwordHash, password);
      await (valid ? guard.succeeded(pair, ip) : guard.failed(pair));
      return valid;
    },
  };
  return guard;
}

export type LoginGuard = ReturnType<typeof createLoginGuard>;
