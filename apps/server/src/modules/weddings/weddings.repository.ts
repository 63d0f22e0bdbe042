import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { weddings } from '../../db/schema/weddings.ts';
import { enqueue } from '../../jobs/jobs.ts';
import type { EventsApi } from '../events/events.public.ts';

export type WeddingRow = typeof weddings.$inferSelect;
export type NewWedding = Omit<
  typeof weddings.$inferInsert,
  'id' | 'ownerId' | 'eventId' | 'createdAt' | 'updatedAt'
>;

export function createWeddingsRepository(db: Db) {
  return {
    /**
     * The dashboard's create form: the event (made by the events module, in this transaction) and
     * its wedding together, so a failure leaves neither behind.
     */
    async createEventWithWedding(
      input: { ownerId: string; title: string; eventDate: Date; wedding: NewWedding },
      events: Pick<EventsApi, 'createForWedding'>,
    ): Promise<{ weddingId: string; eventId: string }> {
      const weddingId = randomUUID();
      return db.transaction(async (tx) => {
        const eventId = await events.createForWedding(tx, {
          ownerId: input.ownerId,
          title: input.title,
          eventDate: input.eventDate,
        });
        await tx
          .insert(weddings)
          .values({ ...input.wedding, id: weddingId, ownerId: input.ownerId, eventId });
        return { weddingId, eventId };
      });
    },

    /**
     * A wedding for an event the host made on the events page. The form's title and date become the
     * event's, so the album and the wedding tell the same story.
     */
    async attachWeddingToEvent(
      input: {
        ownerId: string;
        eventId: string;
        title: string | undefined;
        eventDate: Date;
        wedding: NewWedding;
      },
      events: Pick<EventsApi, 'lockOwned' | 'retitle'>,
    ): Promise<{ weddingId: string; eventId: string } | 'event-not-found' | 'has-wedding'> {
      const weddingId = randomUUID();
      return db.transaction(async (tx) => {
        if (!(await events.lockOwned(tx, input.eventId, input.ownerId))) return 'event-not-found' as const;
        const [existing] = await tx
          .select({ id: weddings.id })
          .from(weddings)
          .where(eq(weddings.eventId, input.eventId));
        if (existing) return 'has-wedding' as const;
        await events.retitle(tx, input.eventId, input.ownerId, {
          title: input.title,
          eventDate: input.eventDate,
        });
        await tx
          .insert(weddings)
          .values({ ...input.wedding, id: weddingId, ownerId: input.ownerId, eventId: input.eventId });
        return { weddingId, eventId: input.eventId };
      });
    },

    /** Which of these events already have a wedding. */
    async eventIdsWithWedding(eventIds: string[]): Promise<Set<string>> {
      if (eventIds.length === 0) return new Set();
      const rows = await db
        .select({ eventId: weddings.eventId })
        .from(weddings)
        .where(inArray(weddings.eventId, eventIds));
      return new Set(rows.map((r) => r.eventId));
    },

    async findById(weddingId: string): Promise<WeddingRow | null> {
      return (await db.select().from(weddings).where(eq(weddings.id, weddingId)))[0] ?? null;
    },

    /** Locks the wedding row for the caller's transaction (guest-list changes take turns on it). */
    async lockForUpdate(tx: Tx, weddingId: string): Promise<WeddingRow | null> {
      const [row] = await tx.select().from(weddings).where(eq(weddings.id, weddingId)).for('update');
      return row ?? null;
    },

    /** One-way: the guard in SQL keeps an approved list approved whatever a caller does. */
    async markGuestListApproved(tx: Tx, weddingId: string): Promise<void> {
      const now = new Date();
      await tx
        .update(weddings)
        .set({ guestListApproved: true, approvedAt: now, updatedAt: now })
        .where(and(eq(weddings.id, weddingId), eq(weddings.guestListApproved, false)));
    },

    /** The host's current wedding: the most recently created one. */
    async findLatestByOwner(ownerId: string): Promise<WeddingRow | null> {
      const rows = await db
        .select()
        .from(weddings)
        .where(eq(weddings.ownerId, ownerId))
        .orderBy(desc(weddings.createdAt), desc(weddings.id))
        .limit(1);
      return rows[0] ?? null;
    },

    async listByOwner(ownerId: string): Promise<WeddingRow[]> {
      return db.select().from(weddings).where(eq(weddings.ownerId, ownerId)).orderBy(asc(weddings.createdAt));
    },
    /**
     * In the transaction that deletes this event (its wedding goes with it by cascade): locks the
     * event's wedding, so an invitation image being saved either lands before and is removed here
     * or finds no row, and schedules the removal of its stored image. Answers the wedding's id (none
     * when the event has no wedding).
     */
    async releaseEvent(tx: Tx, eventId: string): Promise<string[]> {
      const rows = await tx
        .select({ id: weddings.id, key: weddings.invitationImageKey })
        .from(weddings)
        .where(eq(weddings.eventId, eventId))
        .for('update');
      const keys = rows.flatMap((r) => (r.key ? [r.key] : []));
      if (keys.length) await enqueue(tx, 'storage.delete-objects', { keys });
      return rows.map((r) => r.id);
    },
    /** The stored invitation images of every wedding of an owner (account deletion removes them). */
    async invitationImageKeysOf(ownerId: string): Promise<string[]> {
      const rows = await db
        .select({ key: weddings.invitationImageKey })
        .from(weddings)
        .where(and(eq(weddings.ownerId, ownerId), isNotNull(weddings.invitationImageKey)));
      return rows.map((r) => r.key!);
    },
    async findOwned(weddingId: string, ownerId: string): Promise<WeddingRow | null> {
      const rows = await db
        .select()
        .from(weddings)
        .where(and(eq(weddings.id, weddingId), eq(weddings.ownerId, ownerId)));
      return rows[0] ?? null;
    },

    /**
     * Swaps the image key; answers the previous key so its object can be removed, or `gone` when the
     * wedding no longer exists (its event was deleted meanwhile) and nothing will ever name `key`.
     */
    async setInvitationImage(weddingId: string, key: string): Promise<string | null | 'gone'> {
      return db.transaction(async (tx) => {
        const [current] = await tx
          .select({ key: weddings.invitationImageKey })
          .from(weddings)
          .where(eq(weddings.id, weddingId))
          .for('update');
        if (!current) return 'gone' as const;
        await tx
          .update(weddings)
          .set({ invitationImageKey: key, updatedAt: new Date() })
          .where(eq(weddings.id, weddingId));
        return current.key;
      });
    },
  };
}

export type WeddingsRepository = ReturnType<typeof createWeddingsRepository>;
