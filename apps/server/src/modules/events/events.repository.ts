import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { stockCovers } from '@ani/contract/events';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { events } from '../../db/schema/events.ts';
import { enqueue } from '../../jobs/jobs.ts';

/** Events claimed per statement by the retention sweep; it repeats until none is left. */
const retentionBatch = 200;
const DAY_MS = 24 * 60 * 60 * 1000;

export type EventRow = typeof events.$inferSelect;
export type NewEvent = Omit<
  typeof events.$inferInsert,
  'coverImage' | 'createdAt' | 'updatedAt' | 'photoCount'
> & {
  coverImage?: string | null;
};
export type EventPatch = Partial<
  Pick<
    typeof events.$inferInsert,
    | 'title'
    | 'eventDate'
    | 'description'
    | 'coverImage'
    | 'isGalleryPublic'
    | 'canAddPhotos'
    | 'autoApprovePhotos'
    | 'cardTheme'
  >
>;

/** The cover of an event whose host chose none: one of the stock covers the web app ships. */
function randomStockCover(): string {
  return stockCovers[randomInt(stockCovers.length)]!;
}

export function createEventsRepository(db: Db) {
  return {
    async listByOwner(ownerId: string): Promise<EventRow[]> {
      return db
        .select()
        .from(events)
        .where(eq(events.ownerId, ownerId))
        .orderBy(desc(events.eventDate), desc(events.createdAt));
    },
    async findOwned(id: string, ownerId: string): Promise<EventRow | null> {
      const rows = await db
        .select()
        .from(events)
        .where(and(eq(events.id, id), eq(events.ownerId, ownerId)));
      return rows[0] ?? null;
    },
    async findById(id: string): Promise<EventRow | null> {
      return (await db.select().from(events).where(eq(events.id, id)))[0] ?? null;
    },
    /** Inserts on the pool, or in the caller's transaction (a wedding made together with its event). */
    async insert(row: NewEvent, executor: Executor = db): Promise<EventRow> {
      const [created] = await executor
        .insert(events)
        .values({ ...row, coverImage: row.coverImage ?? randomStockCover() })
        .returning();
      return created!;
    },
    async updateOwned(
      id: string,
      ownerId: string,
      patch: EventPatch,
      executor: Executor = db,
    ): Promise<EventRow | null> {
      const [updated] = await executor
        .update(events)
        // A new date means a new retention end: the warnings are due again for it.
        .set({ ...patch, ...(patch.eventDate ? { retentionNoticeDays: null } : {}), updatedAt: new Date() })
        .where(and(eq(events.id, id), eq(events.ownerId, ownerId)))
        .returning();
      return updated ?? null;
    },
    async idsOfOwner(ownerId: string): Promise<string[]> {
      return (await db.select({ id: events.id }).from(events).where(eq(events.ownerId, ownerId))).map(
        (r) => r.id,
      );
    },

    /**
     * Claims the events whose `daysBefore` warning is due and not yet queued, and queues one mail job
     * each in the same transaction: the mark and the job exist together, so a warning is sent once
     * whatever the number of instances or restarts. A later (smaller) warning claims events that never
     * got the earlier one, which is then skipped: nobody hears "30 days" after "7 days".
     */
    async claimRetentionNotices(now: Date, retentionDays: number, daysBefore: number): Promise<string[]> {
      const warnFrom = new Date(now.getTime() - (retentionDays - daysBefore) * DAY_MS);
      const removalCutoff = new Date(now.getTime() - retentionDays * DAY_MS);
      const claimed: string[] = [];
      for (;;) {
        const ids = await db.transaction(async (tx) => {
          const due = tx
            .select({ id: events.id })
            .from(events)
            .where(
              and(
                isNull(events.archivedAt),
                lte(events.eventDate, warnFrom),
                gt(events.eventDate, removalCutoff),
                or(isNull(events.retentionNoticeDays), gt(events.retentionNoticeDays, daysBefore)),
              ),
            )
            .limit(retentionBatch)
            .for('update', { skipLocked: true });
          const rows = await tx
            .update(events)
            .set({ retentionNoticeDays: daysBefore })
            .where(inArray(events.id, due))
            .returning({ id: events.id });
          for (const row of rows)
            await enqueue(tx, 'events.retention-notice', { eventId: row.id, daysBefore });
          return rows.map((r) => r.id);
        });
        claimed.push(...ids);
        if (ids.length < retentionBatch) return claimed;
      }
    },

    /**
     * Marks the events whose retention has ended as archived (uploads closed with it) and queues the
     * removal of their media in the same transaction, once per event (a fixed job id); the removal
     * resumes where it stopped after a crash.
     */
    async archiveExpired(now: Date, retentionDays: number): Promise<string[]> {
      const removalCutoff = new Date(now.getTime() - retentionDays * DAY_MS);
      const archived: string[] = [];
      for (;;) {
        const ids = await db.transaction(async (tx) => {
          const due = tx
            .select({ id: events.id })
            .from(events)
            .where(and(isNull(events.archivedAt), lte(events.eventDate, removalCutoff)))
            .limit(retentionBatch)
            .for('update', { skipLocked: true });
          const rows = await tx
            .update(events)
            .set({ archivedAt: now, canAddPhotos: false, updatedAt: now })
            .where(inArray(events.id, due))
            .returning({ id: events.id });
          for (const row of rows) {
            await enqueue(
              tx,
              'media.purge-event',
              { eventId: row.id },
              { id: `media.purge-event:${row.id}` },
            );
          }
          return rows.map((r) => r.id);
        });
        archived.push(...ids);
        if (ids.length < retentionBatch) return archived;
      }
    },
    /** Locks the owner's event row for the rest of the caller's transaction; false when it is not theirs. */
    async lockOwned(tx: Tx, id: string, ownerId: string): Promise<boolean> {
      const [event] = await tx
        .select({ id: events.id })
        .from(events)
        .where(and(eq(events.id, id), eq(events.ownerId, ownerId)))
        .for('update');
      return !!event;
    },
    /**
     * Deletes the owner's event. `beforeDelete` runs first in the same transaction, with the row
     * locked: the media module removes the event's items and schedules their objects' removal there.
     */
    async deleteOwned(
      id: string,
      ownerId: string,
      beforeDelete: (tx: Tx) => Promise<unknown>,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [event] = await tx
          .select({ id: events.id })
          .from(events)
          .where(and(eq(events.id, id), eq(events.ownerId, ownerId)))
          .for('update');
        if (!event) return false;
        await beforeDelete(tx);
        await tx.delete(events).where(eq(events.id, id));
        return true;
      });
    },
    /**
     * Adds uploaded items to the count and their bytes to `bytes_used`, in the upload's transaction,
     * while uploads are open and the album's quota holds. Incremented in the database (not
     * read-modify-write) with the quota in the same UPDATE's condition: concurrent uploads serialise
     * on the event row, none is lost, and two that each fit alone cannot together pass the quota.
     */
    async addPhotos(
      tx: Tx,
      id: string,
      n: number,
      bytes: number,
      quota: { bytes: number; items: number },
    ): Promise<'ok' | 'closed' | 'not-found' | 'quota-bytes' | 'quota-items'> {
      const [event] = await tx
        .update(events)
        .set({
          photoCount: sql`${events.photoCount} + ${n}`,
          bytesUsed: sql`${events.bytesUsed} + ${bytes}`,
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(events.id, id),
            eq(events.canAddPhotos, true),
            isNull(events.archivedAt),
            sql`${events.photoCount} + ${n} <= ${quota.items}`,
            sql`${events.bytesUsed} + ${bytes} <= ${quota.bytes}`,
          ),
        )
        .returning({ id: events.id });
      if (event) return 'ok';
      const [found] = await tx
        .select({
          canAddPhotos: events.canAddPhotos,
          archivedAt: events.archivedAt,
          photoCount: events.photoCount,
        })
        .from(events)
        .where(eq(events.id, id));
      if (!found) return 'not-found';
      if (!found.canAddPhotos || found.archivedAt) return 'closed';
      return found.photoCount + n > quota.items ? 'quota-items' : 'quota-bytes';
    },
    /** Lowers the count by exactly the number of items deleted in the caller's transaction. */
    async removePhotos(tx: Tx, id: string, n: number, bytes: number): Promise<number> {
      const [event] = await tx
        .update(events)
        .set({
          photoCount: sql`${events.photoCount} - ${n}`,
          bytesUsed: sql`${events.bytesUsed} - ${bytes}`,
          updatedAt: new Date(),
        })
        .where(eq(events.id, id))
        .returning({ photoCount: events.photoCount });
      return event?.photoCount ?? 0;
    },
  };
}
export type EventsRepository = ReturnType<typeof createEventsRepository>;
