import { createRateLimiter, type RateLimiter, type RateLimitStore } from '../../http/rate-limit.ts';

const HOUR = 60 * 60 * 1000;

/** Account mails allowed per hour, counted per client address, per target address and per account. */
export type MailLimits = { mailPerIp: number; mailPerTarget: number; mailPerUser: number };

/**
 * Made once per app and handed to every service that sends account mail, so sign-in links, e-mail
 * changes, data exports and deletion requests all spend the same budgets.
 */
export function createMailBudgets(store: RateLimitStore, limits: MailLimits) {
  const budget = (name: string, limit: number) => createRateLimiter({ name, limit, windowMs: HOUR, store });
  const perIp = budget('mail-ip', limits.mailPerIp);
  const perTarget = budget('mail-target', limits.mailPerTarget);
  const perUser = budget('mail-user', limits.mailPerUser);
  return {
    /**
     * One more mail from the client address `ip`, to the address `target`, for the account `user`
     * (each counted where given), or a 429 that takes from none of them: a request one budget refuses
     * gives back what the others took. Otherwise hammering one address, refused by its own budget,
     * would use up its network's (which a venue or a household shares) for mails to anyone else.
     */
    async take(keys: { ip?: string; target?: string; user?: string }): Promise<void> {
      const wanted: [RateLimiter, string | undefined][] = [
        [perTarget, keys.target],
        [perUser, keys.user],
        [perIp, keys.ip],
      ];
      const taken: [RateLimiter, string][] = [];
      try {
        for (const [limiter, key] of wanted) {
          if (key === undefined) continue;
          await limiter.consume(key);
          taken.push([limiter, key]);
        }
      } catch (error) {
        await Promise.all(taken.map(([limiter, key]) => limiter.giveBack(key)));
        throw error;
      }
    },
  };
}

export type MailBudgets = ReturnType<typeof createMailBudgets>;
