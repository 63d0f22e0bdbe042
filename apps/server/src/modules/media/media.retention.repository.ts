/**
 * The media table's queries that remove a whole album: an event's own deletion, and the purge of an
 * archived album or of a deleted account's events. Each delete schedules the removal of the objects
 * its rows held in the same transaction. The everyday album queries stay in media.repository.ts.
 */
import { eq, inArray, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { media } from '../../db/schema/media.ts';
import { enqueue } from '../../jobs/jobs.ts';
import { deleteLiveLog } from './live.repository.ts';
import { storedKeys } from './media.repository.ts';

/** Keys per clean-up job: keeps each job's payload small for albums of tens of thousands of items. */
const keysPerJob = 500;

/**
 * Deletes the items matching `where` and schedules the removal of every object they held, in the
 * caller's transaction: the keys come from the rows as the delete saw them, so none is missed and
 * none outlives its row. Answers how many items went.
 */
async function deleteWithObjects(tx: Tx, where: SQL): Promise<number> {
  const deleted = await tx.delete(media).where(where).returning({
    objectKey: media.objectKey,
    thumbnailKey: media.thumbnailKey,
    previewKey: media.previewKey,
  });
  const keys = storedKeys(deleted);
  for (let i = 0; i < keys.length; i += keysPerJob) {
    await enqueue(tx, 'storage.delete-objects', { keys: keys.slice(i, i + keysPerJob) });
  }
  return deleted.length;
}

export function createMediaRetentionRepository(db: Db) {
  return {
    /**
     * Deletes every item of an event and its wall log in the caller's transaction and schedules the
     * removal of every stored object (originals and derived images), so no byte outlives its row.
     * Answers how many items there were.
     */
    async deleteAllForEvent(tx: Tx, eventId: string): Promise<number> {
      await deleteLiveLog(tx, eventId);
      return deleteWithObjects(tx, eq(media.eventId, eventId));
    },

    /**
     * The next round of a purge: deletes up to `limit` items of one event and schedules the removal
     * of their objects in the same transaction. A derivation that recorded its images before the
     * delete has them removed with the rest (the delete waits for its row and returns its keys); one
     * that finishes after finds its row gone and removes its own. The event keeps its count (an
     * archived album's record). Answers how many items went.
     */
    async purgeBatch(eventId: string, limit: number): Promise<number> {
      return db.transaction(async (tx) => {
        const batch = tx.select({ id: media.id }).from(media).where(eq(media.eventId, eventId)).limit(limit);
        return deleteWithObjects(tx, inArray(media.id, batch));
      });
    },
  };
}
export type MediaRetentionRepository = ReturnType<typeof createMediaRetentionRepository>;
