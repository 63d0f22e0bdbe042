import { and, asc, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { events, media } from '../../db/schema/index.ts';
import { cancelJob, deleteObjectsJob, enqueue } from '../../jobs/jobs.ts';

export type MediaRow = typeof media.$inferSelect;
export type NewMediaRow = typeof media.$inferInsert;

export const deriveJob = 'media.derive';
export const sweepUploadJob = 'media.sweep-upload';

export type EventQuota = { bytes: number; items: number };

export class UploadCommitError extends Error {
  readonly reason: 'not-found' | 'closed' | 'quota-bytes' | 'quota-items';
  constructor(reason: UploadCommitError['reason']) {
    super(reason);
    this.reason = reason;
  }
}

// Media needs event ownership but must not import the events module: it reads the table itself.
export function createMediaRepository(db: Db) {
  return {
    async findOwnedEvent(eventId: string, ownerId: string) {
      const rows = await db
        .select({ id: events.id, title: events.title, photoCount: events.photoCount, bytesUsed: events.bytesUsed })
        .from(events)
        .where(and(eq(events.id, eventId), eq(events.ownerId, ownerId)));
      return rows[0] ?? null;
    },

    async findEventForUpload(eventId: string) {
      const rows = await db
        .select({
          id: events.id,
          canAddPhotos: events.canAddPhotos,
          photoCount: events.photoCount,
          bytesUsed: events.bytesUsed,
        })
        .from(events)
        .where(eq(events.id, eventId));
      return rows[0] ?? null;
    },

    async findEventTitle(eventId: string) {
      const rows = await db.select({ id: events.id, title: events.title }).from(events).where(eq(events.id, eventId));
      return rows[0] ?? null;
    },

    /** Schedules removal of objects in case the upload never commits (crash between put and commit). */
    async scheduleSweep(keys: string[], runAt: Date): Promise<string> {
      return enqueue(db, sweepUploadJob, { keys }, { runAt });
    },

    /**
     * The upload's single transaction: the count, the rows and their derivation jobs appear together
     * or not at all. The count is incremented in the database (not read-modify-write), so concurrent
     * uploads serialise on the event row and none is lost. The quota is part of the same UPDATE's
     * condition, so two uploads that each fit alone can never together pass it.
     */
    async commitUpload(eventId: string, rows: NewMediaRow[], sweepJobId: string, quota: EventQuota): Promise<MediaRow[]> {
      const bytes = rows.reduce((sum, row) => sum + row.size, 0);
      return db.transaction(async (tx) => {
        const [event] = await tx
          .update(events)
          .set({
            photoCount: sql`${events.photoCount} + ${rows.length}`,
            bytesUsed: sql`${events.bytesUsed} + ${bytes}`,
            updatedAt: new Date(),
          })
          .where(
            and(
              eq(events.id, eventId),
              eq(events.canAddPhotos, true),
              sql`${events.photoCount} + ${rows.length} <= ${quota.items}`,
              sql`${events.bytesUsed} + ${bytes} <= ${quota.bytes}`,
            ),
          )
          .returning({ id: events.id });
        if (!event) {
          const [found] = await tx
            .select({ canAddPhotos: events.canAddPhotos, photoCount: events.photoCount })
            .from(events)
            .where(eq(events.id, eventId));
          if (!found) throw new UploadCommitError('not-found');
          if (!found.canAddPhotos) throw new UploadCommitError('closed');
          throw new UploadCommitError(found.photoCount + rows.length > quota.items ? 'quota-items' : 'quota-bytes');
        }
        const inserted = await tx.insert(media).values(rows).returning();
        for (const row of inserted) await enqueue(tx, deriveJob, { mediaId: row.id });
        await cancelJob(tx, sweepJobId);
        return inserted.sort((a, b) => a.seq - b.seq);
      });
    },

    /** Newest first by insertion order; `beforeSeq` continues after a cursor, `offset` serves page numbers. */
    async listPage(eventId: string, options: { limit: number; beforeSeq?: number; offset?: number }): Promise<MediaRow[]> {
      const where =
        options.beforeSeq !== undefined
          ? and(eq(media.eventId, eventId), lt(media.seq, options.beforeSeq))
          : eq(media.eventId, eventId);
      return db
        .select()
        .from(media)
        .where(where)
        .orderBy(desc(media.seq))
        .limit(options.limit)
        .offset(options.beforeSeq !== undefined ? 0 : (options.offset ?? 0));
    },

    async findByKey(eventId: string, objectKey: string): Promise<MediaRow | null> {
      const rows = await db
        .select()
        .from(media)
        .where(and(eq(media.eventId, eventId), eq(media.objectKey, objectKey)));
      return rows[0] ?? null;
    },

    async findById(id: string): Promise<MediaRow | null> {
      return (await db.select().from(media).where(eq(media.id, id)))[0] ?? null;
    },

    /** Every item for the album archive, oldest first. */
    async listAll(eventId: string): Promise<MediaRow[]> {
      return db.select().from(media).where(eq(media.eventId, eventId)).orderBy(asc(media.seq));
    },

    /**
     * Deletes the items of this event named by id or key (other events' items are never matched),
     * lowers the count by exactly the number deleted and schedules the objects' removal, in one
     * transaction.
     */
    async deleteItems(eventId: string, ids: string[]) {
      return db.transaction(async (tx) => {
        const deleted = await tx
          .delete(media)
          .where(and(eq(media.eventId, eventId), or(inArray(media.id, ids), inArray(media.objectKey, ids))))
          .returning();
        const [event] = await tx
          .update(events)
          .set({
            photoCount: sql`${events.photoCount} - ${deleted.length}`,
            bytesUsed: sql`${events.bytesUsed} - ${deleted.reduce((sum, row) => sum + row.size, 0)}`,
            updatedAt: new Date(),
          })
          .where(eq(events.id, eventId))
          .returning({ photoCount: events.photoCount });
        const keys = deleted.flatMap((r) => [r.objectKey, r.thumbnailKey, r.previewKey].filter((k): k is string => !!k));
        if (keys.length) await enqueue(tx, deleteObjectsJob, { keys });
        return { deleted, photoCount: event?.photoCount ?? 0 };
      });
    },

    /** Records derived images; false when the item was deleted meanwhile (the caller removes them). */
    async setDerived(
      id: string,
      patch: { thumbnailKey: string | null; previewKey: string | null; width: number | null; height: number | null; state: 'done' | 'failed' },
    ): Promise<boolean> {
      const rows = await db
        .update(media)
        .set({
          thumbnailKey: patch.thumbnailKey,
          previewKey: patch.previewKey,
          width: patch.width,
          height: patch.height,
          processingState: patch.state,
        })
        .where(eq(media.id, id))
        .returning({ id: media.id });
      return rows.length > 0;
    },

    /** Which of these keys belong to a committed item (the upload sweep keeps those). */
    async existingKeys(keys: string[]): Promise<Set<string>> {
      if (!keys.length) return new Set();
      const rows = await db.select({ key: media.objectKey }).from(media).where(inArray(media.objectKey, keys));
      return new Set(rows.map((r) => r.key));
    },
  };
}
export type MediaRepository = ReturnType<typeof createMediaRepository>;
