/** The outbox's send lifecycle: queueing, the send lease, Meta's answer or failure, orphans requeued. */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { whatsappMessages } from '../../db/schema/whatsapp.ts';
import { enqueue, withLiveJobs } from '../../jobs/jobs.ts';
import {
  applyRecordedStatuses,
  laterStatus,
  type MessageRow,
  type MessageStatus,
} from './whatsapp.repository.ts';

/** An invitation to queue: the text is the guests module's, the sending ours. */
export type InvitationDraft = { guestId: string; phone: string; body: string };

export function createWhatsappOutboxRepository(db: Db) {
  return {
    /**
     * Queues one invitation per draft in the caller's transaction (the guest list's approval): the
     * outbox row and its durable send job appear together with the approval or not at all.
     */
    async queueInvitations(
      tx: Tx,
      weddingId: string,
      drafts: InvitationDraft[],
      maxAttempts: number,
    ): Promise<void> {
      const now = new Date();
      for (const draft of drafts) {
        const id = randomUUID();
        await tx.insert(whatsappMessages).values({
          id,
          weddingId,
          guestId: draft.guestId,
          phone: draft.phone,
          direction: 'outbound',
          kind: 'invitation',
          body: draft.body,
          status: 'queued',
          occurredAt: now,
        });
        await enqueue(tx, 'whatsapp.send-invitation', { messageId: id }, { maxAttempts });
      }
    },

    async findMessage(messageId: string): Promise<MessageRow | null> {
      return (await db.select().from(whatsappMessages).where(eq(whatsappMessages.id, messageId)))[0] ?? null;
    },

    /**
     * Takes the next send attempt of a queued message with a lease: while one worker is waiting on
     * the provider, a second job for the same message (re-queued at start-up, say) cannot claim it,
     * so the guest never gets the invitation twice from two workers. The lease outlives the client's
     * timeout; a crashed worker's lease runs out unreleased, which markStaleAttemptUnconfirmed reads
     * as "may have been sent" before anyone claims again.
     */
    async claimAttempt(messageId: string, seenAttempts: number, leaseMs: number): Promise<boolean> {
      const now = new Date();
      const rows = await db
        .update(whatsappMessages)
        .set({ attempts: seenAttempts + 1, sendingUntil: new Date(now.getTime() + leaseMs), updatedAt: now })
        .where(
          and(
            eq(whatsappMessages.id, messageId),
            eq(whatsappMessages.attempts, seenAttempts),
            eq(whatsappMessages.status, 'queued'),
            isNull(whatsappMessages.providerMessageId),
            or(isNull(whatsappMessages.sendingUntil), lt(whatsappMessages.sendingUntil, now)),
          ),
        )
        .returning({ id: whatsappMessages.id });
      return rows.length > 0;
    },

    /**
     * An attempt whose lease ran out without being released (markSent, recordAttemptFailure and
     * markFailed all release it) never recorded Meta's answer: its worker died or lost the database
     * after the send may have gone out. Sending again could invite the guest twice, so the message
     * is marked "failed" for the host to see that it did not confirm. True when this call marked it.
     */
    async markStaleAttemptUnconfirmed(messageId: string): Promise<boolean> {
      const now = new Date();
      const rows = await db
        .update(whatsappMessages)
        .set({
          status: 'failed',
          lastError: 'outcome unknown: an earlier send attempt never recorded the provider answer',
          updatedAt: now,
        })
        .where(
          and(
            eq(whatsappMessages.id, messageId),
            eq(whatsappMessages.status, 'queued'),
            isNull(whatsappMessages.providerMessageId),
            lt(whatsappMessages.sendingUntil, now),
          ),
        )
        .returning({ id: whatsappMessages.id });
      return rows.length > 0;
    },

    /**
     * The send may have reached Meta but its answer did not come back: "failed" for the host, and the
     * lease is kept, so nothing ever sends this message again on its own.
     */
    async markUnconfirmed(messageId: string, error: string): Promise<void> {
      await db
        .update(whatsappMessages)
        .set({
          status: 'failed',
          lastError: `outcome unknown: ${error}`.slice(0, 1000),
          updatedAt: new Date(),
        })
        .where(and(eq(whatsappMessages.id, messageId), eq(whatsappMessages.status, 'queued')));
    },

    /**
     * Gives every queued invitation without a job still to run one: those recorded while WhatsApp was
     * not connected, and those whose job failed for good before settling them.
     */
    async requeueOrphanInvitations(maxAttempts: number): Promise<number> {
      const queued = await db
        .select({ id: whatsappMessages.id })
        .from(whatsappMessages)
        .where(and(eq(whatsappMessages.kind, 'invitation'), eq(whatsappMessages.status, 'queued')));
      const ids = queued.map((q) => q.id);
      const withJob = await withLiveJobs(db, 'whatsapp.send-invitation', 'messageId', ids);
      const orphans = ids.filter((id) => !withJob.has(id));
      for (const id of orphans)
        await enqueue(db, 'whatsapp.send-invitation', { messageId: id }, { maxAttempts });
      return orphans.length;
    },

    /**
     * Records the provider's id and "sent", then applies any status reports that arrived before we
     * knew the id (webhooks can overtake the send's own answer). Answers the resulting status.
     */
    async markSent(messageId: string, providerMessageId: string): Promise<MessageStatus | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(whatsappMessages)
          .where(eq(whatsappMessages.id, messageId))
          .for('update');
        if (!row || row.providerMessageId) return null;
        const now = new Date();
        const [updated] = await tx
          .update(whatsappMessages)
          .set({
            providerMessageId,
            status: laterStatus(row.status, 'sent'),
            sendingUntil: null,
            lastError: null,
            occurredAt: now,
            updatedAt: now,
          })
          .where(eq(whatsappMessages.id, messageId))
          .returning();
        return applyRecordedStatuses(tx, updated!);
      });
    },

    /**
     * Meta refused the attempt (a 429 or 5xx answer, a connection that never opened): nothing was
     * sent, so its lease is released for the next attempt. Only the lease of that attempt (`attempts`
     * as its claim set it): a release done late, after a database outage, never frees another's.
     */
    async recordAttemptFailure(messageId: string, attempts: number, error: string): Promise<void> {
      await db
        .update(whatsappMessages)
        .set({ lastError: error.slice(0, 1000), sendingUntil: null, updatedAt: new Date() })
        .where(
          and(
            eq(whatsappMessages.id, messageId),
            eq(whatsappMessages.attempts, attempts),
            eq(whatsappMessages.status, 'queued'),
          ),
        );
    },

    /**
     * A send job for the message due at `runAt`: the check after another attempt's lease ends. A
     * job of its own rather than a failed attempt, so waiting on a lease never uses up the
     * attempts the send has left (`maxAttempts`).
     */
    async checkAgainAt(messageId: string, runAt: Date, maxAttempts: number): Promise<void> {
      await enqueue(db, 'whatsapp.send-invitation', { messageId }, { runAt, maxAttempts });
    },

    async markFailed(messageId: string, error: string): Promise<void> {
      await db
        .update(whatsappMessages)
        .set({
          status: 'failed',
          lastError: error.slice(0, 1000),
          sendingUntil: null,
          updatedAt: new Date(),
        })
        .where(and(eq(whatsappMessages.id, messageId), eq(whatsappMessages.status, 'queued')));
    },
  };
}

export type WhatsappOutboxRepository = ReturnType<typeof createWhatsappOutboxRepository>;
