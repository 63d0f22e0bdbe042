/**
 * The WhatsApp tables' webhook intake (delivery reports, guests' replies, which weddings wrote to a
 * number), the reads the host's pages and data archive show, and the reports account deletion removes.
 * The outbox's send lifecycle lives in whatsapp.outbox.repository.ts.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, isNotNull, not, notInArray, sql, type SQL } from 'drizzle-orm';
import type { InvitationStatus } from '@ani/contract/guests';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { whatsappMessages, whatsappStatusEvents } from '../../db/schema/whatsapp.ts';
import { enqueue } from '../../jobs/jobs.ts';
import type { GuestsApi, Rsvp } from '../guests/guests.public.ts';

export type MessageRow = typeof whatsappMessages.$inferSelect;
export type MessageStatus = MessageRow['status'];
export type ReportedStatus = (typeof whatsappStatusEvents.$inferSelect)['status'];
export type { Rsvp };

/**
 * Outbound statuses only move forward: a late "delivered" never overwrites "read". "failed" ranks
 * above "sent" (a send that later fails) but below "delivered" (a message seen cannot un-arrive).
 */
const rank: Record<MessageStatus, number> = {
  queued: 0,
  sent: 1,
  failed: 2,
  delivered: 3,
  read: 4,
  received: -1,
};
export function laterStatus(current: MessageStatus, reported: MessageStatus): MessageStatus {
  return rank[reported] > rank[current] ? reported : current;
}

/** Moves a message forward by the reports stored for its provider id; answers the resulting status. */
export async function applyRecordedStatuses(tx: Tx, message: MessageRow): Promise<MessageStatus> {
  if (!message.providerMessageId) return message.status;
  const events = await tx
    .select({ status: whatsappStatusEvents.status })
    .from(whatsappStatusEvents)
    .where(eq(whatsappStatusEvents.providerMessageId, message.providerMessageId));
  const next = events.reduce<MessageStatus>((s, e) => laterStatus(s, e.status), message.status);
  if (next !== message.status) {
    await tx
      .update(whatsappMessages)
      .set({ status: next, updatedAt: new Date() })
      .where(eq(whatsappMessages.id, message.id));
  }
  return next;
}

/**
 * Delivery reports are keyed by the provider's message id, not by wedding, so no cascade reaches
 * them: this removes the reports of the messages `going` selects, before those messages go. A reply
 * stored in several weddings shares its provider id, so its reports stay while a message that is
 * not going still carries that id.
 */
async function deleteReportsOf(executor: Executor, going: SQL): Promise<void> {
  const idsWhere = (condition: SQL) =>
    executor
      .select({ id: whatsappMessages.providerMessageId })
      .from(whatsappMessages)
      .where(and(condition, isNotNull(whatsappMessages.providerMessageId)));
  await executor
    .delete(whatsappStatusEvents)
    .where(
      and(
        inArray(whatsappStatusEvents.providerMessageId, idsWhere(going)),
        notInArray(whatsappStatusEvents.providerMessageId, idsWhere(not(going))),
      ),
    );
}

export function createWhatsappRepository(db: Db) {
  return {
    /** Every message of these weddings, both ways, oldest first (the host's data archive). */
    async messagesOfWeddings(weddingIds: string[]) {
      if (!weddingIds.length) return [];
      return db
        .select({
          weddingId: whatsappMessages.weddingId,
          phone: whatsappMessages.phone,
          direction: whatsappMessages.direction,
          kind: whatsappMessages.kind,
          body: whatsappMessages.body,
          status: whatsappMessages.status,
          rsvp: whatsappMessages.rsvp,
          occurredAt: whatsappMessages.occurredAt,
        })
        .from(whatsappMessages)
        .where(inArray(whatsappMessages.weddingId, weddingIds))
        .orderBy(asc(whatsappMessages.occurredAt));
    },

    /** Account deletion, and an event's deletion in its own transaction: these weddings' delivery reports. */
    async deleteStatusEventsOfWeddings(weddingIds: string[], executor: Executor = db): Promise<void> {
      if (!weddingIds.length) return;
      await deleteReportsOf(executor, inArray(whatsappMessages.weddingId, weddingIds));
    },

    /** A deleted guest's conversation with one wedding: its messages both ways and their delivery reports. */
    async deleteConversation(tx: Tx, weddingId: string, phone: string): Promise<void> {
      const inConversation = and(
        eq(whatsappMessages.weddingId, weddingId),
        eq(whatsappMessages.phone, phone),
      )!;
      await deleteReportsOf(tx, inConversation);
      await tx.delete(whatsappMessages).where(inConversation);
    },

    /** Each guest's latest invitation status (guests never invited are absent). */
    async latestInvitationStatuses(weddingId: string): Promise<Map<string, InvitationStatus>> {
      const invitations = await db
        .select({ guestId: whatsappMessages.guestId, status: whatsappMessages.status })
        .from(whatsappMessages)
        .where(and(eq(whatsappMessages.weddingId, weddingId), eq(whatsappMessages.kind, 'invitation')))
        .orderBy(asc(whatsappMessages.createdAt));
      const byGuest = new Map<string, InvitationStatus>();
      for (const i of invitations) if (i.guestId && i.status !== 'received') byGuest.set(i.guestId, i.status);
      return byGuest;
    },

    /** Oldest first; ties (same second) keep insertion order. */
    async conversation(weddingId: string, phone: string): Promise<MessageRow[]> {
      return db
        .select()
        .from(whatsappMessages)
        .where(and(eq(whatsappMessages.weddingId, weddingId), eq(whatsappMessages.phone, phone)))
        .orderBy(asc(whatsappMessages.occurredAt), asc(whatsappMessages.createdAt));
    },

    async invitationCounts(weddingId: string) {
      const rows = await db
        .select({ status: whatsappMessages.status, n: sql<number>`count(*)::int` })
        .from(whatsappMessages)
        .where(and(eq(whatsappMessages.weddingId, weddingId), eq(whatsappMessages.kind, 'invitation')))
        .groupBy(whatsappMessages.status);
      const of = (s: MessageStatus) => Number(rows.find((r) => r.status === s)?.n ?? 0);
      return {
        queued: of('queued'),
        sent: of('sent'),
        delivered: of('delivered'),
        read: of('read'),
        failed: of('failed'),
      };
    },

    /** Durable processing: the delivery is stored as a job before Meta gets its 200. */
    async enqueueWebhook(body: object): Promise<void> {
      await enqueue(db, 'whatsapp.process-webhook', body);
    },

    /**
     * Stores a status report once per (message, status) and moves the message forward if it is
     * known. Answers the guest when the message ends "failed" (they may be unreachable) — also for
     * a repeated delivery of a report already stored: the first delivery's job may have stored the
     * report and then failed to mark the guest, and its retry must still mark them.
     */
    async recordStatus(report: {
      providerMessageId: string;
      status: ReportedStatus;
      occurredAt: Date;
      errorText: string | null;
    }): Promise<{ failedGuestId: string | null }> {
      return db.transaction(async (tx) => {
        const inserted = await tx
          .insert(whatsappStatusEvents)
          .values({ id: randomUUID(), ...report })
          .onConflictDoNothing()
          .returning({ id: whatsappStatusEvents.id });
        const [message] = await tx
          .select()
          .from(whatsappMessages)
          .where(
            and(
              eq(whatsappMessages.providerMessageId, report.providerMessageId),
              eq(whatsappMessages.direction, 'outbound'),
            ),
          )
          .for('update');
        if (!message) return { failedGuestId: null };
        const next = await applyRecordedStatuses(tx, message);
        if (inserted.length > 0 && report.errorText && report.status === 'failed') {
          await tx
            .update(whatsappMessages)
            .set({ lastError: report.errorText.slice(0, 1000) })
            .where(eq(whatsappMessages.id, message.id));
        }
        return {
          failedGuestId:
            report.status === 'failed' && next === 'failed' && message.kind === 'invitation'
              ? message.guestId
              : null,
        };
      });
    },

    async findOutboundByProviderId(providerMessageId: string): Promise<MessageRow | null> {
      const rows = await db
        .select()
        .from(whatsappMessages)
        .where(
          and(
            eq(whatsappMessages.providerMessageId, providerMessageId),
            eq(whatsappMessages.direction, 'outbound'),
          ),
        );
      return rows[0] ?? null;
    },

    /**
     * The weddings that have written to this number (an invitation of an approved list, sent or
     * still waiting to go), each with the guest it wrote to, the latest writer first: only they may
     * read what the number sends back.
     */
    async weddingsThatWrote(phone: string): Promise<{ weddingId: string; guestId: string | null }[]> {
      const rows = await db
        .select({ weddingId: whatsappMessages.weddingId, guestId: whatsappMessages.guestId })
        .from(whatsappMessages)
        .where(and(eq(whatsappMessages.phone, phone), eq(whatsappMessages.direction, 'outbound')))
        .orderBy(desc(whatsappMessages.occurredAt));
      const byWedding = new Map<string, string | null>();
      for (const row of rows) if (!byWedding.has(row.weddingId)) byWedding.set(row.weddingId, row.guestId);
      return [...byWedding].map(([weddingId, guestId]) => ({ weddingId, guestId }));
    },

    /**
     * Stores a guest's message once and, when it carries an RSVP, sets the guest's reply, in one
     * transaction: a retried delivery finds the message stored and must find its RSVP applied too,
     * and whoever sees the message in the conversation sees the status it set. The newest answer
     * (by the provider's timestamp) wins, since webhooks are not ordered. False for a repeated
     * delivery of the same provider id, which stores nothing.
     */
    async recordInbound(
      row: Omit<typeof whatsappMessages.$inferInsert, 'id' | 'direction' | 'status' | 'rsvp'> & {
        rsvp: Rsvp | null;
        occurredAt: Date;
      },
      guests: Pick<GuestsApi, 'lockForUpdate' | 'applyRsvp'>,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const { guestId, rsvp, occurredAt } = row;
        // Locked first: two replies of one guest arriving together are applied one after the other.
        const guest = guestId && rsvp ? await guests.lockForUpdate(tx, guestId) : null;
        const inserted = await tx
          .insert(whatsappMessages)
          .values({ ...row, id: randomUUID(), direction: 'inbound', status: 'received' })
          .onConflictDoNothing()
          .returning({ id: whatsappMessages.id });
        if (inserted.length === 0) return false;
        if (!guest || !rsvp) return true;
        const later = await tx
          .select({ id: whatsappMessages.id })
          .from(whatsappMessages)
          .where(
            and(
              eq(whatsappMessages.guestId, guest.id),
              eq(whatsappMessages.direction, 'inbound'),
              isNotNull(whatsappMessages.rsvp),
              gt(whatsappMessages.occurredAt, occurredAt),
            ),
          )
          .limit(1);
        if (later.length > 0) return true;
        await guests.applyRsvp(tx, guest, rsvp);
        return true;
      });
    },
  };
}

export type WhatsappRepository = ReturnType<typeof createWhatsappRepository>;
