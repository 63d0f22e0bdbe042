import { and, asc, desc, eq, inArray, lt, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { media } from '../../db/schema/media.ts';
import { cancelJob, enqueue } from '../../jobs/jobs.ts';

export type MediaRow = typeof media.$inferSelect;
export type NewMediaRow = typeof media.$inferInsert;

/** Keys per clean-up job: keeps each job's payload small for albums of tens of thousands of items. */
const keysPerJob = 500;

const storedKeys = (rows: Pick<MediaRow, 'objectKey' | 'thumbnailKey' | 'previewKey'>[]) =>
  rows.flatMap((r) => [r.objectKey, r.thumbnailKey, r.previewKey].filter((k): k is string => !!k));

/** What an album may hold: bytes of originals and items. */
export type EventQuota = { bytes: number; items: number };
export type CountResult = 'ok' | 'closed' | 'not-found' | 'quota-bytes' | 'quota-items';

export class UploadCommitError extends Error {
  readonly reason: Exclude<CountResult, 'ok'>;
  constructor(reason: Exclude<CountResult, 'ok'>) {
    super(reason);
    this.reason = reason;
  }
}

/** Counts or uncounts items on their event, inside the transaction that inserts or deletes them. */
export type PhotoCounter = {
  /** Counts `n` items of `bytes` in total, unless uploads are closed or the quota would be passed. */
  add(tx: Tx, eventId: string, n: number, bytes: number, quota: EventQuota): Promise<CountResult>;
  remove(tx: Tx, eventId: string, n: number, bytes: number): Promise<number>;
};

export function createMediaRepository(db: Db) {
  return {
    /** Schedules removal of objects in case the upload never commits (crash between put and commit). */
    async scheduleSweep(keys: string[], runAt: Date): Promise<string> {
      return enqueue(db, 'media.sweep-upload', { keys }, { runAt });
    },

    /**
     * The upload's single transaction: the count, the rows and their derivation jobs appear together
     * or not at all.
     */
    async commitUpload(
      eventId: string,
      rows: NewMediaRow[],
      sweepJobId: string,
      count: PhotoCounter,
      quota: EventQuota,
    ): Promise<MediaRow[]> {
      const bytes = rows.reduce((sum, row) => sum + row.size, 0);
      return db.transaction(async (tx) => {
        const counted = await count.add(tx, eventId, rows.length, bytes, quota);
        if (counted !== 'ok') throw new UploadCommitError(counted);
        const inserted = await tx.insert(media).values(rows).returning();
        for (const row of inserted) await enqueue(tx, 'media.derive', { mediaId: row.id });
        await cancelJob(tx, sweepJobId);
        return inserted.sort((a, b) => a.seq - b.seq);
      });
    },

    /**
     * Deletes every item of an event in the caller's transaction and schedules the removal of every
     * stored object (originals and derived images), so no byte outlives its row. Answers how many.
     */
    async deleteAllForEvent(tx: Tx, eventId: string): Promise<number> {
      const deleted = await tx.delete(media).where(eq(media.eventId, eventId)).returning({
        objectKey: media.objectKey,
        thumbnailKey: media.thumbnailKey,
        previewKey: media.previewKey,
      });
      const keys = storedKeys(deleted);
      for (let i = 0; i < keys.length; i += keysPerJob) {
        await enqueue(tx, 'storage.delete-objects', { keys: keys.slice(i, i + keysPerJob) });
      }
      return deleted.length;
    },

    /** Newest first by insertion order; `beforeSeq` continues after a cursor, `offset` serves page numbers. */
    async listPage(
      eventId: string,
      options: { limit: number; beforeSeq?: number; offset?: number },
    ): Promise<MediaRow[]> {
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
    async deleteItems(eventId: string, ids: string[], count: PhotoCounter) {
      return db.transaction(async (tx) => {
        const deleted = await tx
          .delete(media)
          .where(and(eq(media.eventId, eventId), or(inArray(media.id, ids), inArray(media.objectKey, ids))))
          .returning();
        const bytes = deleted.reduce((sum, row) => sum + row.size, 0);
        const photoCount = await count.remove(tx, eventId, deleted.length, bytes);
        const keys = storedKeys(deleted);
        if (keys.length) await enqueue(tx, 'storage.delete-objects', { keys });
        return { deleted, photoCount };
      });
    },

    /** Ids of one event's items uploaded under exactly this name (a guest's erasure request). */
    async idsByUploader(eventId: string, uploader: string): Promise<string[]> {
      const rows = await db
        .select({ id: media.id })
        .from(media)
        .where(and(eq(media.eventId, eventId), eq(media.uploader, uploader)));
      return rows.map((r) => r.id);
    },

    /** Up to `limit` items of one event with their stored keys: the next batch of a purge. */
    async purgeBatch(eventId: string, limit: number): Promise<{ ids: string[]; keys: string[] }> {
      const rows = await db
        .select({
          id: media.id,
          objectKey: media.objectKey,
          thumbnailKey: media.thumbnailKey,
          previewKey: media.previewKey,
        })
        .from(media)
        .where(eq(media.eventId, eventId))
        .limit(limit);
      return { ids: rows.map((r) => r.id), keys: storedKeys(rows) };
    },

    /** Deletes purged rows of one event; the event keeps its count (an archived album's record). */
    async deletePurged(eventId: string, ids: string[]): Promise<void> {
      if (ids.length) await db.delete(media).where(and(eq(media.eventId, eventId), inArray(media.id, ids)));
    },

    /** Records derived images; false when the item was deleted meanwhile (the caller removes them). */
    async setDerived(
      id: string,
      patch: {
        thumbnailKey: string | null;
        previewKey: string | null;
        width: number | null;
        height: number | null;
        state: 'done' | 'failed';
      },
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
    /** Records an original's CRC-32 (rows from before uploads recorded it). */
    async setCrc32(id: string, crc32: number): Promise<void> {
      await db.update(media).set({ crc32 }).where(eq(media.id, id));
    },

    async existingKeys(keys: string[]): Promise<Set<string>> {
      if (!keys.length) return new Set();
      const rows = await db
        .select({ key: media.objectKey })
        .from(media)
        .where(inArray(media.objectKey, keys));
      return new Set(rows.map((r) => r.key));
    },
  };
}
export type MediaRepository = ReturnType<typeof createMediaRepository>;
