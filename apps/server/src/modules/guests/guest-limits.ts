import { limits } from '@ani/contract/limits';
import { messages } from '@ani/contract/messages';
import { createBudget, RateLimitError, type RateLimitStore } from '../../http/rate-limit.ts';

const DAY_SECONDS = 24 * 60 * 60;

/**
 * What one account can make the company's WhatsApp number send: rows per guest list, and invitations
 * per account per 24 hours. Keep `guestsPerWedding` at or below `invitationsPerDay`, or a full list
 * could never be approved.
 */
export type GuestLimits = { guestsPerWedding: number; invitationsPerDay: number };

export const defaultGuestLimits: GuestLimits = {
  guestsPerWedding: limits.guestsPerWeddingMax,
  invitationsPerDay: limits.invitationsPerAccountPerDay,
};

/**
 * The invitations an account may still queue today, counted in the app's rate-limit store (shared by
 * every instance when Redis is configured). The window starts with the account's first approval and
 * lasts 24 hours.
 */
export function createInvitationBudget(store: RateLimitStore, perDay: number) {
  const budget = createBudget({
    name: 'whatsapp-invitations',
    points: perDay,
    durationSeconds: DAY_SECONDS,
    store,
  });
  return {
    /** Takes `count` invitations from `accountId`'s day, or throws a 429 that says when to come back. */
    async take(accountId: string, count: number): Promise<void> {
      if (count <= 0) return;
      try {
        await budget.take(accountId, count, '');
      } catch (error) {
        if (!(error instanceof RateLimitError)) throw error;
        // Whole hours, rounded up: the host is never told to come back before the budget has room.
        const hours = Math.max(1, Math.ceil(error.retryAfterSeconds / 3600));
        throw new RateLimitError(
          error.retryAfterSeconds,
          messages.guests.invitationLimitReached
            .replace('{n}', perDay.toLocaleString('tr-TR'))
            .replace('{saat}', String(hours)),
        );
      }
    },
    /** Gives back invitations taken for an approval that failed or queued fewer. */
    async giveBack(accountId: string, count: number): Promise<void> {
      if (count > 0) await budget.giveBack(accountId, count);
    },
  };
}

export type InvitationBudget = ReturnType<typeof createInvitationBudget>;
