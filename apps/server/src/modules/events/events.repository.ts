import { and, desc, eq, gt, inArray, isNotNull, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { events, media, purgeEventMediaJob } from '../../db/schema/index.ts';
import { deleteObjectsJob, enqueue } from '../../jobs/jobs.ts';

/** Warns the owner that the album will be removed in `daysBefore` days. */
export const retentionNoticeJob = 'events.retention-notice';
export type RetentionNoticePayload = { eventId: string; daysBefore: number };

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
/** Events claimed per statement by the retention sweep; it repeats until none is left. */
const retentionBatch = 200;
const DAY_MS = 24 * 60 * 60 * 1000;

export function createEventsRepository(db: Db) {
  return {
    async listByOwner(ownerId: string): Promise<EventRow[]> {
      return db
        .select()
        .from(events)
        .where(eq(events.ownerId, ownerId))
        .orderBy(desc(events.eventDate), desc(events.createdAt));
    },
    async idsOfOwner(ownerId: string): Promise<string[]> {
      return (await db.select({ id: events.id }).from(events).where(eq(events.ownerId, ownerId))).map((r) => r.id);
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
        // A new date means a new retention end: the warnings are due again for it.
        .set({ ...patch, ...(patch.eventDate ? { retentionNoticeDays: null } : {}), updatedAt: new Date() })
        .where(and(eq(events.id, id), eq(events.ownerId, ownerId)))
        .returning();
      return updated ?? null;
    },

    /**
     * Claims the events whose `daysBefore` warning is due and not yet scheduled, and queues one mail
     * job each in the same transaction: the mark and the job exist together, so a warning is sent
     * once whatever the number of instances or restarts, and a failed send is retried by its job.
     * A later (smaller) warning claims events that never got the earlier one, and the earlier one is
     * then skipped: an owner is never told "30 days" after "7 days".
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
          for (const row of rows) {
            const payload: RetentionNoticePayload = { eventId: row.id, daysBefore };
            await enqueue(tx, retentionNoticeJob, payload);
          }
          return rows.map((r) => r.id);
        });
        claimed.push(...ids);
        if (ids.length < retentionBatch) return claimed;
      }
    },

    /**
     * Marks the events whose retention has ended as archived (uploads closed with it) and queues the
     * removal of their media in the same transaction. The removal job has a fixed id per event, so
     * it is queued once; it resumes where it stopped after a crash.
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
            await enqueue(tx, purgeEventMediaJob, { eventId: row.id }, { id: `${purgeEventMediaJob}:${row.id}` });
          }
          return rows.map((r) => r.id);
        });
        archived.push(...ids);
        if (ids.length < retentionBatch) return archived;
      }
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
