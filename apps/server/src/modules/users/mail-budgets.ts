import { createRateLimiter, type RateLimitStore } from '../../http/rate-limit.ts';

const HOUR = 60 * 60 * 1000;

/** Account mails allowed per hour, counted per client address, per target address and per account. */
export type MailLimits = { mailPerIp: number; mailPerTarget: number; mailPerUser: number };

/**
 * Made once per app and handed to every service that sends account mail, so sign-in links, e-mail
 * changes, data exports and deletion requests all spend the same budgets.
 */
export function createMailBudgets(store: RateLimitStore, limits: MailLimits) {
  return {
    mailPerIp: createRateLimiter({ name: 'mail-ip', limit: limits.mailPerIp, windowMs: HOUR, store }),
    mailPerTarget: createRateLimiter({
      name: 'mail-target',
      limit: limits.mailPerTarget,
      windowMs: HOUR,
      store,
    }),
    mailPerUser: createRateLimiter({
      name: 'mail-user',
      limit: limits.mailPerUser,
      windowMs: HOUR,
      store,
    }),
  };
}

export type MailBudgets = ReturnType<typeof createMailBudgets>;
