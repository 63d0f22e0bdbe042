import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { events, media } from '../../db/schema/index.ts';
import { deleteObjectsJob, enqueue } from '../../jobs/jobs.ts';

export type EventRow = typeof events.$inferSelect;
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

/** Keys per clean-up job: keeps each job's payload small for albums of tens of thousands of items. */
const keysPerJob = 500;

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
    async insert(row: typeof events.$inferInsert): Promise<EventRow> {
      const [created] = await db.insert(events).values(row).returning();
      return created!;
    },
    async updateOwned(id: string, ownerId: string, patch: EventPatch): Promise<EventRow | null> {
      const [updated] = await db
        .update(events)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(eq(events.id, id), eq(events.ownerId, ownerId)))
        .returning();
      return updated ?? null;
    },
    /**
     * Deletes the event and its media rows, and in the same transaction schedules the removal of
     * every stored object (originals and derived images), so no byte outlives its row.
     */
    async deleteOwned(id: string, ownerId: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [event] = await tx
          .select({ id: events.id })
          .from(events)
          .where(and(eq(events.id, id), eq(events.ownerId, ownerId)))
          .for('update');
        if (!event) return false;
        const rows = await tx
          .select({ objectKey: media.objectKey, thumbnailKey: media.thumbnailKey, previewKey: media.previewKey })
          .from(media)
          .where(and(eq(media.eventId, id), isNotNull(media.objectKey)));
        const keys = rows.flatMap((r) => [r.objectKey, r.thumbnailKey, r.previewKey].filter((k): k is string => !!k));
        await tx.delete(media).where(eq(media.eventId, id));
        await tx.delete(events).where(eq(events.id, id));
        for (let i = 0; i < keys.length; i += keysPerJob) {
          await enqueue(tx, deleteObjectsJob, { keys: keys.slice(i, i + keysPerJob) });
        }
        return true;
      });
    },
  };
}
export type EventsRepository = ReturnType<typeof createEventsRepository>;
