/**
 * The events table's queries for the end of an album's life: the retention sweep's claims (warnings,
 * then archiving) and what account deletion asks of an owner's events. The everyday reads and writes
 * (the owner's CRUD, covers, the upload counts) stay in events.repository.ts.
 */
import { and, eq, gt, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { events } from '../../db/schema/events.ts';
import { enqueue } from '../../jobs/jobs.ts';
import { claimAndMark, claimInBatches, dropCoverFiles, sweepBatch } from './events.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * True for an event whose retention ends at or before `moment`: the event date plus `months` on the
 * Istanbul calendar, as `retentionEnd` (the date the couple is shown) counts it, so the removal
 * happens on the day the page and the mails name.
 */
function retentionEndsBy(months: number, moment: Date): SQL {
  return sql`(${events.eventDate} at time zone 'Europe/Istanbul') + make_interval(months => ${months}::int)
    <= (${moment.toISOString()}::timestamptz at time zone 'Europe/Istanbul')`;
}

export function createEventsRetentionRepository(db: Db) {
  return {
    /** The stored custom covers of an owner's events (account deletion removes their files). */
    async customCoversOf(ownerId: string): Promise<{ coverKey: string; coverWidths: number[] }[]> {
      const rows = await db
        .select({ coverKey: events.coverKey, coverWidths: events.coverWidths })
        .from(events)
        .where(and(eq(events.ownerId, ownerId), isNotNull(events.coverKey)));
      return rows.filter(
        (r): r is { coverKey: string; coverWidths: number[] } => !!r.coverKey && !!r.coverWidths,
      );
    },
    /**
     * Stops every event of this owner taking uploads (account deletion). An upload's commit counts
     * itself on its event's row under the same condition, so once this has committed, no upload to
     * these events commits after it.
     */
    async closeUploadsOfOwner(ownerId: string): Promise<void> {
      await db
        .update(events)
        .set({ canAddPhotos: false, updatedAt: new Date() })
        .where(and(eq(events.ownerId, ownerId), eq(events.canAddPhotos, true)));
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
    async claimRetentionNotices(now: Date, retentionMonths: number, daysBefore: number): Promise<string[]> {
      const warnUntil = new Date(now.getTime() + daysBefore * DAY_MS);
      return claimInBatches(db, sweepBatch, async (tx, limit) => {
        const due = and(
          isNull(events.archivedAt),
          retentionEndsBy(retentionMonths, warnUntil),
          sql`not ${retentionEndsBy(retentionMonths, now)}`,
          or(isNull(events.retentionNoticeDays), gt(events.retentionNoticeDays, daysBefore)),
        );
        const ids = await claimAndMark(tx, limit, due!, { retentionNoticeDays: daysBefore });
        for (const eventId of ids) await enqueue(tx, 'events.retention-notice', { eventId, daysBefore });
        return ids;
      });
    },

    /**
     * Marks the events whose retention has ended as archived (uploads closed with it) and queues the
     * removal of their media in the same transaction, once per event (a fixed job id); the removal
     * resumes where it stopped after a crash.
     */
    async archiveExpired(now: Date, retentionMonths: number): Promise<string[]> {
      return claimInBatches(db, sweepBatch, async (tx, limit) => {
        const due = await tx
          .select({ id: events.id, coverKey: events.coverKey, coverWidths: events.coverWidths })
          .from(events)
          .where(and(isNull(events.archivedAt), retentionEndsBy(retentionMonths, now)))
          .limit(limit)
          .for('update', { skipLocked: true });
        if (due.length === 0) return [];
        // A custom cover is made from the album (or the couple's own photo): it goes with it, and
        // the archived event shows its stock cover.
        const rows = await tx
          .update(events)
          .set({ archivedAt: now, canAddPhotos: false, coverKey: null, coverWidths: null, updatedAt: now })
          .where(
            inArray(
              events.id,
              due.map((r) => r.id),
            ),
          )
          .returning({ id: events.id });
        for (const cover of due) await dropCoverFiles(tx, cover);
        for (const row of rows) {
          await enqueue(tx, 'media.purge-event', { eventId: row.id }, { id: `media.purge-event:${row.id}` });
        }
        return rows.map((r) => r.id);
      });
    },
  };
}
export type EventsRetentionRepository = ReturnType<typeof createEventsRetentionRepository>;
