import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { GuestStatus, InvitationStatus } from '@ani/contract/guests';
import type { Db, Tx } from '../../db/client.ts';
import { violatedUniqueConstraint } from '../../db/errors.ts';
import { guests, type guestStatusValues } from '../../db/schema/guests.ts';
import type { WeddingRow, WeddingsApi } from '../weddings/weddings.public.ts';
import type { InvitationDraft, WhatsappApi } from '../whatsapp/whatsapp.public.ts';

export type StoredStatus = (typeof guestStatusValues)[number];
export type GuestRow = typeof guests.$inferSelect;
export type { WeddingRow };

// One canonical value in the database (ASCII), the update vocabulary on the wire.
const toStored: Record<GuestStatus, StoredStatus> = {
  belirsiz: 'belirsiz',
  katılacak: 'katilacak',
  katılamayacak: 'katilamayacak',
  ulaşılamayan: 'ulasilamayan',
};
const fromStored: Record<StoredStatus, GuestStatus> = {
  belirsiz: 'belirsiz',
  katilacak: 'katılacak',
  katilamayacak: 'katılamayacak',
  ulasilamayan: 'ulaşılamayan',
};

export type GuestRecord = {
  id: string;
  index: number;
  name: string;
  phone: string;
  status: GuestStatus;
  guestCount: number;
  expectedGuestCount: number;
};

const toRecord = (row: typeof guests.$inferSelect): GuestRecord => ({
  id: row.id,
  index: row.position,
  name: row.name,
  phone: row.phone,
  status: fromStored[row.status],
  guestCount: row.guestCount,
  expectedGuestCount: row.expectedGuestCount,
});

/**
 * Adds, deletes and the approval lock the wedding row (through the weddings module, in this
 * module's transaction): the approval check and the order numbers stay consistent.
 */
type WeddingLock = Pick<WeddingsApi, 'lockForUpdate'>;

export function createGuestsRepository(db: Db) {
  return {
    async list(
      weddingId: string,
      invitations: Pick<WhatsappApi, 'latestInvitationStatuses'>,
    ): Promise<(GuestRecord & { invitationStatus: InvitationStatus | null })[]> {
      const rows = await db
        .select()
        .from(guests)
        .where(eq(guests.weddingId, weddingId))
        .orderBy(asc(guests.position));
      const byGuest = await invitations.latestInvitationStatuses(weddingId);
      return rows.map((row) => ({ ...toRecord(row), invitationStatus: byGuest.get(row.id) ?? null }));
    },

    async add(
      weddingId: string,
      data: {
        name: string;
        phone: string;
        status: GuestStatus;
        guestCount: number;
        expectedGuestCount: number;
      },
      weddings: WeddingLock,
      maxGuests: number,
    ): Promise<
      { ok: true; guest: GuestRecord } | { ok: false; reason: 'locked' | 'duplicate' | 'missing' | 'full' }
    > {
      try {
        return await db.transaction(async (tx) => {
          const wedding = await weddings.lockForUpdate(tx, weddingId);
          if (!wedding) return { ok: false as const, reason: 'missing' as const };
          if (wedding.guestListApproved) return { ok: false as const, reason: 'locked' as const };
          // Counted under the wedding's lock: concurrent adds cannot both take the last place.
          const [{ next, count }] = (await tx
            .select({
              next: sql<number>`coalesce(max(${guests.position}), 0) + 1`,
              count: sql<number>`count(*)::int`,
            })
            .from(guests)
            .where(eq(guests.weddingId, weddingId))) as [{ next: number; count: number }];
          if (Number(count) >= maxGuests) return { ok: false as const, reason: 'full' as const };
          const [row] = await tx
            .insert(guests)
            .values({
              ...data,
              id: randomUUID(),
              weddingId,
              position: Number(next),
              status: toStored[data.status],
            })
            .returning();
          return { ok: true as const, guest: toRecord(row!) };
        });
      } catch (error) {
        if (violatedUniqueConstraint(error) !== null) return { ok: false, reason: 'duplicate' };
        throw error;
      }
    },

    /**
     * Deletes by phone, closes the gap in the order numbers and erases the guest's WhatsApp
     * conversation with this wedding, in one transaction. Allowed after approval too: a guest who
     * asks to be forgotten must be removable, and the approval only closes the list to new guests.
     */
    async remove(
      weddingId: string,
      phone: string,
      deps: { weddings: WeddingLock; whatsapp: Pick<WhatsappApi, 'forgetConversation'> },
    ): Promise<'deleted' | 'not-found'> {
      return db.transaction(async (tx) => {
        const wedding = await deps.weddings.lockForUpdate(tx, weddingId);
        if (!wedding) return 'not-found';
        const [deleted] = await tx
          .delete(guests)
          .where(and(eq(guests.weddingId, weddingId), eq(guests.phone, phone)))
          .returning({ position: guests.position });
        if (!deleted) return 'not-found';
        await tx
          .update(guests)
          .set({ position: sql`${guests.position} - 1` })
          .where(and(eq(guests.weddingId, weddingId), gt(guests.position, deleted.position)));
        await deps.whatsapp.forgetConversation(tx, weddingId, phone);
        return 'deleted';
      });
    },

    /** Updates the guest at `index` only when the phone matches too: a stale list edits nobody else. */
    async update(
      weddingId: string,
      index: number,
      phone: string,
      patch: { name: string; status: GuestStatus; guestCount: number },
    ): Promise<GuestRecord | null> {
      const [row] = await db
        .update(guests)
        .set({
          name: patch.name,
          status: toStored[patch.status],
          guestCount: patch.guestCount,
          updatedAt: new Date(),
        })
        .where(and(eq(guests.weddingId, weddingId), eq(guests.position, index), eq(guests.phone, phone)))
        .returning();
      return row ? toRecord(row) : null;
    },

    /**
     * Approves once. In the same transaction every guest gets a queued invitation (the WhatsApp
     * module's outbox row and send job), so an approval never exists without its invitations or
     * vice versa. `takeBudget` is called once, with the number of invitations about to be queued,
     * counted under the wedding's lock: no guest can be added or removed between the take and the
     * approval. When it throws, nothing has been written. An approved list queues and takes nothing.
     */
    async approve(
      weddingId: string,
      draft: (wedding: WeddingRow, guest: GuestRecord) => InvitationDraft,
      deps: {
        weddings: Pick<WeddingsApi, 'lockForUpdate' | 'markGuestListApproved'>;
        whatsapp: Pick<WhatsappApi, 'queueInvitations'>;
      },
      takeBudget: (count: number) => Promise<void>,
    ): Promise<{ guestTotal: number; peopleTotal: number; queued: number } | null> {
      return db.transaction(async (tx) => {
        const wedding = await deps.weddings.lockForUpdate(tx, weddingId);
        if (!wedding) return null;
        const rows = (
          await tx.select().from(guests).where(eq(guests.weddingId, weddingId)).orderBy(asc(guests.position))
        ).map(toRecord);
        const totals = {
          guestTotal: rows.length,
          peopleTotal: rows.reduce((sum, g) => sum + g.expectedGuestCount, 0),
        };
        if (wedding.guestListApproved) return { ...totals, queued: 0 };
        // The budget store (Redis or memory, never this database) is awaited with the transaction open
        // and the row lock held. That is acceptable: it is one small call (about a millisecond to Redis).
        // On PostgreSQL the lock holds only this wedding's row, whose adds and deletes wait for the
        // approval anyway; the embedded database runs one transaction at a time, so there every statement
        // waits for that one call. Taking here is what makes the count taken the count approved.
        await takeBudget(rows.length);
        await deps.weddings.markGuestListApproved(tx, weddingId);
        await deps.whatsapp.queueInvitations(
          tx,
          weddingId,
          rows.map((guest) => draft(wedding, guest)),
        );
        return { ...totals, queued: rows.length };
      });
    },

    async findById(guestId: string): Promise<GuestRow | null> {
      return (await db.select().from(guests).where(eq(guests.id, guestId)))[0] ?? null;
    },

    /** Locks the guest row for the caller's transaction: two replies of one guest apply one after the other. */
    async lockForUpdate(tx: Tx, guestId: string): Promise<GuestRow | null> {
      return (await tx.select().from(guests).where(eq(guests.id, guestId)).for('update'))[0] ?? null;
    },

    /** A reply: "katılacak" keeps the count given (or the expected one), the others clear it. */
    async applyRsvp(
      tx: Tx,
      guest: GuestRow,
      rsvp: Extract<StoredStatus, 'katilacak' | 'katilamayacak' | 'belirsiz'>,
    ) {
      const guestCount = rsvp === 'katilacak' ? guest.guestCount || guest.expectedGuestCount : 0;
      await tx
        .update(guests)
        .set({ status: rsvp, guestCount, updatedAt: new Date() })
        .where(eq(guests.id, guest.id));
    },

    /** A guest nobody could reach; an RSVP the guest already gave is never overwritten. */
    async markUnreachable(guestId: string): Promise<void> {
      await db
        .update(guests)
        .set({ status: 'ulasilamayan', guestCount: 0, updatedAt: new Date() })
        .where(and(eq(guests.id, guestId), eq(guests.status, 'belirsiz')));
    },

    /** "Katılacak" counts people (sum of guest counts); the other cards count rows. */
    async statistics(weddingId: string) {
      const rows = await db
        .select({
          status: guests.status,
          rows: sql<number>`count(*)::int`,
          people: sql<number>`coalesce(sum(${guests.guestCount}), 0)::int`,
        })
        .from(guests)
        .where(eq(guests.weddingId, weddingId))
        .groupBy(guests.status);
      const of = (s: StoredStatus) => rows.find((r) => r.status === s);
      return {
        katılacak: Number(of('katilacak')?.people ?? 0),
        katılamayacak: Number(of('katilamayacak')?.rows ?? 0),
        belirsiz: Number(of('belirsiz')?.rows ?? 0),
        ulaşılamadı: Number(of('ulasilamayan')?.rows ?? 0),
      };
    },
  };
}

export type GuestsRepository = ReturnType<typeof createGuestsRepository>;
