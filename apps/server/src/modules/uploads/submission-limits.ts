import { createRateLimiter, type RateLimiter, type RateLimitStore } from '../../http/rate-limit.ts';

const TEN_MINUTES = 10 * 60 * 1000;

/**
 * Submissions a phone that uploaded before (it brings this event's guest token) may announce, and
 * all such phones behind one address together.
 */
export const returningGuestLimits = {
  perGuest: { limit: 60, windowMs: TEN_MINUTES },
  perIp: { limit: 6000, windowMs: TEN_MINUTES },
};

/**
 * Who may announce a new submission. A venue's guests share one public address, and announcing
 * costs the sender no bytes, so one script on the venue's network could spend the address's whole
 * budget in seconds and lock every guest out. The address's budget (the same one the multipart
 * path spends) is therefore spent only by phones new to the event. A phone that brings its guest
 * token has a budget of its own and a far larger one shared per address: a flood of new phones can
 * still hold back the phones that have not uploaded yet, but never the ones that have, and a flood
 * with one token stops at that token's budget.
 */
export function createSubmissionAdmission(deps: {
  store: RateLimitStore;
  /** The address's budget (shared with the multipart path), spent by phones without a valid token. */
  newPhones: RateLimiter;
  limits?: typeof returningGuestLimits;
}) {
  const limits = deps.limits ?? returningGuestLimits;
  const perGuest = createRateLimiter({ name: 'submission-guest', ...limits.perGuest, store: deps.store });
  const perIp = createRateLimiter({ name: 'submission-returning-ip', ...limits.perIp, store: deps.store });
  return {
    /** Counts one submission from `ip`, by the phone `guest` when its token was valid; 429 when over. */
    async admit(ip: string, guest: { eventId: string; guestId: string } | null): Promise<void> {
      if (!guest) return deps.newPhones.consume(ip);
      const key = `${guest.eventId}:${guest.guestId}`;
      await perGuest.consume(key);
      try {
        await perIp.consume(ip);
      } catch (error) {
        // Refused by the address: the phone's own budget is not spent on it.
        await perGuest.giveBack(key);
        throw error;
      }
    },
  };
}

export type SubmissionAdmission = ReturnType<typeof createSubmissionAdmission>;
