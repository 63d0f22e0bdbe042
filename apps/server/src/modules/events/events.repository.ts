/**
 * The events table's everyday queries: the owner's CRUD, covers, the upload counts and the
 * morning-summary claim. What retention and account deletion ask of the table is in
 * events.retention.repository.ts.
 */
import { randomInt } from 'node:crypto';
import { and, desc, eq, gte, inArray, isNull, lt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { stockCovers } from '@ani/contract/events';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { events } from '../../db/schema/events.ts';
import { cancelJob, enqueue } from '../../jobs/jobs.ts';
import { coverObjectKeys } from './cover-files.ts';

/** Events claimed per statement by the retention and morning-summary sweeps (see claimInBatches). */
export const sweepBatch = 200;

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

/**
 * Schedules the removal of a custom cover's files in the caller's transaction: they go when the row
 * stops naming them, however the process fares afterwards.
 */
export async function dropCoverFiles(
  tx: Tx,
  cover: { coverKey: string | null; coverWidths: number[] | null },
): Promise<void> {
  if (!cover.coverKey || !cover.coverWidths) return;
  const keys = coverObjectKeys({ coverKey: cover.coverKey, coverWidths: cover.coverWidths });
  await enqueue(tx, 'storage.delete-objects', { keys });
}

/**
 * The sweeps' loop: each round runs `claimBatch` in a transaction of its own, which claims (locks,
 * marks and queues the work of) at most `limit` due events and answers their ids; rounds repeat until
 * one claims fewer than a full batch. Rows another instance holds locked are skipped by the caller's
 * statement, not waited for. Answers every id claimed, in the order claimed.
 */
export async function claimInBatches(
  db: Db,
  batchSize: number,
  claimBatch: (tx: Tx, limit: number) => Promise<string[]>,
): Promise<string[]> {
  const claimed: string[] = [];
  for (;;) {
    const ids = await db.transaction((tx) => claimBatch(tx, batchSize));
    claimed.push(...ids);
    if (ids.length < batchSize) return claimed;
  }
}

/**
 * One round's claim for a sweep that marks events on a column of their own: locks at most `limit`
 * events matching `due` (rows another instance holds are skipped, not waited for) and sets `mark`
 * on them, which takes them out of `due` for every later round and instance. Answers their ids.
 */
export async function claimAndMark(
  tx: Tx,
  limit: number,
  // Never undefined: an empty condition would claim any events at all.
  due: SQL,
  mark: Pick<typeof events.$inferInsert, 'retentionNoticeDays' | 'summaryMailedAt'>,
): Promise<string[]> {
  const locked = tx
    .select({ id: events.id })
    .from(events)
    .where(due)
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await tx
    .update(events)
    .set(mark)
    .where(inArray(events.id, locked))
    .returning({ id: events.id });
  return rows.map((r) => r.id);
}

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
    /**
     * Whether the event `eventId` names takes uploads, as a value for another module's query to
     * select: null when there is no such event.
     */
    takesUploads(eventId: SQLWrapper): SQL<boolean | null> {
      return sql`(${db.select({ open: events.canAddPhotos }).from(events).where(eq(events.id, eventId))})`;
    },
    /**
     * Raises the event's wall link generation by one in a single statement (two renewals at once
     * give two generations, never one) and answers the new one; null when there is no such event.
     */
    async renewWallLink(id: string, executor: Executor = db): Promise<number | null> {
      const [row] = await executor
        .update(events)
        .set({ wallLinkVersion: sql`${events.wallLinkVersion} + 1` })
        .where(eq(events.id, id))
        .returning({ version: events.wallLinkVersion });
      return row?.version ?? null;
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
        .set({
          ...patch,
          // An archived album has no files left and takes no new ones. Checked in the write itself:
          // the owner's screen may have read the event just before the retention sweep archived it.
          ...(patch.canAddPhotos ? { canAddPhotos: sql`${events.archivedAt} is null` } : {}),
          // A new date means a new retention end: the warnings are due again for it. The settings
          // screen re-sends the stored date with every save, so only a date that differs from the
          // row's counts; compared in this UPDATE (the old value), not in an earlier read, so a sweep
          // that marks a warning between the two cannot be undone by a save that changes nothing.
          ...(patch.eventDate
            ? {
                retentionNoticeDays: sql`case when ${events.eventDate} = ${patch.eventDate.toISOString()}::timestamptz then ${events.retentionNoticeDays} else null end`,
              }
            : {}),
          updatedAt: new Date(),
        })
        .where(and(eq(events.id, id), eq(events.ownerId, ownerId)))
        .returning();
      return updated ?? null;
    },
    /**
     * Sets the owner's cover: a custom one (`custom`), or back to a stock cover (`custom` null, with
     * `coverImage`). The files of the cover it replaces are scheduled for removal in the same
     * transaction. Null when the event is not theirs.
     */
    async setCover(
      id: string,
      ownerId: string,
      cover: {
        coverImage?: string;
        custom: { coverKey: string; coverWidths: number[] } | null;
        /** The new files' removal scheduled before they were written, withdrawn by this commit. */
        sweepJobId?: string;
      },
    ): Promise<EventRow | null> {
      return db.transaction(async (tx) => {
        const [previous] = await tx
          .select({ coverKey: events.coverKey, coverWidths: events.coverWidths })
          .from(events)
          .where(and(eq(events.id, id), eq(events.ownerId, ownerId)))
          .for('update');
        if (!previous) return null;
        const [updated] = await tx
          .update(events)
          .set({
            ...(cover.coverImage ? { coverImage: cover.coverImage } : {}),
            coverKey: cover.custom?.coverKey ?? null,
            coverWidths: cover.custom?.coverWidths ?? null,
            updatedAt: new Date(),
          })
          .where(eq(events.id, id))
          .returning();
        // The same content again keeps its files (same key); anything else frees the old ones.
        if (previous.coverKey !== cover.custom?.coverKey) await dropCoverFiles(tx, previous);
        if (cover.sweepJobId) await cancelJob(tx, cover.sweepJobId);
        return updated!;
      });
    },
    /**
     * Removes these objects later unless a commit withdraws the job: a cover's files written before
     * its row names them do not outlive a crash in between.
     */
    async scheduleCoverSweep(keys: string[], runAt: Date): Promise<string> {
      return enqueue(db, 'storage.delete-objects', { keys }, { runAt });
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
     * locked: the media module removes the event's items and schedules their objects' removal there,
     * and the weddings and WhatsApp modules do the same for what the cascade would leave behind.
     */
    async deleteOwned(
      id: string,
      ownerId: string,
      beforeDelete: (tx: Tx) => Promise<unknown>,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [event] = await tx
          .select({ id: events.id, coverKey: events.coverKey, coverWidths: events.coverWidths })
          .from(events)
          .where(and(eq(events.id, id), eq(events.ownerId, ownerId)))
          .for('update');
        if (!event) return false;
        await beforeDelete(tx);
        await dropCoverFiles(tx, event);
        await tx.delete(events).where(eq(events.id, id));
        return true;
      });
    },
    /**
     * Counts uploaded items and their bytes, in the upload's transaction, while uploads are open and
     * the album's quota holds; answers whether they are `approved` (counted in photo_count) or
     * `pending` (pending_count), decided from the event row this same UPDATE locks, so a change of
     * the approval setting applies to exactly the uploads that commit after it. Incremented in the
     * database (not read-modify-write) with the quota in the same UPDATE's condition: concurrent
     * uploads serialise on the event row, none is lost, and two that each fit alone cannot together
     * pass the quota. Pending items hold their bytes and quota places like approved ones (decision 0100).
     */
    async addPhotos(
      tx: Tx,
      id: string,
      n: number,
      bytes: number,
      quota: { bytes: number; items: number },
    ): Promise<'approved' | 'pending' | 'closed' | 'not-found' | 'quota-bytes' | 'quota-items'> {
      const [event] = await tx
        .update(events)
        .set({
          photoCount: sql`${events.photoCount} + case when ${events.autoApprovePhotos} then ${n}::int else 0 end`,
          pendingCount: sql`${events.pendingCount} + case when ${events.autoApprovePhotos} then 0 else ${n}::int end`,
          bytesUsed: sql`${events.bytesUsed} + ${bytes}`,
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(events.id, id),
            eq(events.canAddPhotos, true),
            isNull(events.archivedAt),
            sql`${events.photoCount} + ${events.pendingCount} + ${n} <= ${quota.items}`,
            sql`${events.bytesUsed} + ${bytes} <= ${quota.bytes}`,
          ),
        )
        .returning({ autoApprove: events.autoApprovePhotos });
      if (event) return event.autoApprove ? 'approved' : 'pending';
      const [found] = await tx
        .select({
          canAddPhotos: events.canAddPhotos,
          archivedAt: events.archivedAt,
          items: sql<number>`${events.photoCount} + ${events.pendingCount}`.mapWith(Number),
        })
        .from(events)
        .where(eq(events.id, id));
      if (!found) return 'not-found';
      if (!found.canAddPhotos || found.archivedAt) return 'closed';
      return found.items + n > quota.items ? 'quota-items' : 'quota-bytes';
    },
    /** Lowers the counts by exactly the items deleted in the caller's transaction; answers the new counts. */
    async removePhotos(
      tx: Tx,
      id: string,
      removed: { approved: number; pending: number },
      bytes: number,
    ): Promise<{ photoCount: number; pendingCount: number }> {
      const [event] = await tx
        .update(events)
        .set({
          photoCount: sql`${events.photoCount} - ${removed.approved}`,
          pendingCount: sql`${events.pendingCount} - ${removed.pending}`,
          bytesUsed: sql`${events.bytesUsed} - ${bytes}`,
          updatedAt: new Date(),
        })
        .where(eq(events.id, id))
        .returning({ photoCount: events.photoCount, pendingCount: events.pendingCount });
      return event ?? { photoCount: 0, pendingCount: 0 };
    },
    /** Moves `n` items approved in the caller's transaction from the pending count to the album's. */
    async approvePhotos(
      tx: Tx,
      id: string,
      n: number,
    ): Promise<{ photoCount: number; pendingCount: number }> {
      const [event] = await tx
        .update(events)
        .set({
          photoCount: sql`${events.photoCount} + ${n}`,
          pendingCount: sql`${events.pendingCount} - ${n}`,
          ...(n > 0 ? { updatedAt: new Date() } : {}),
        })
        .where(eq(events.id, id))
        .returning({ photoCount: events.photoCount, pendingCount: events.pendingCount });
      return event ?? { photoCount: 0, pendingCount: 0 };
    },

    /**
     * Claims the events whose morning-after summary is due (09:00 Istanbul time the day after the
     * event's day, `dueBefore` computed by the caller) and not yet claimed, and queues one mail job
     * each in the same transaction, with a fixed job id: one mail per event whatever the number of
     * instances or restarts. Events whose morning passed more than `window` ago (a server that was
     * down, or events from before this mail existed) are not mailed late.
     */
    async claimMorningSummaries(now: Date, dueFrom: Date, dueBefore: Date): Promise<string[]> {
      return claimInBatches(db, sweepBatch, async (tx, limit) => {
        const due = and(
          isNull(events.summaryMailedAt),
          isNull(events.archivedAt),
          gte(events.eventDate, dueFrom),
          lt(events.eventDate, dueBefore),
        );
        const ids = await claimAndMark(tx, limit, due!, { summaryMailedAt: now });
        for (const eventId of ids)
          await enqueue(
            tx,
            'events.morning-summary',
            { eventId },
            { id: `events.morning-summary:${eventId}` },
          );
        return ids;
      });
    },
  };
}
export type EventsRepository = ReturnType<typeof createEventsRepository>;
