/**
 * The live wall's side of the media tables: its log (`media_live_events`), the NOTIFY that wakes
 * the streams, and the pages of what a wall may show.
 *
 * The album's changes that a wall must hear of (approvals, deletions, finished derivations) are
 * written by media.repository.ts, which appends to the log with `appendLive` in its own transaction.
 */
import { and, asc, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { media, mediaLiveEvents } from '../../db/schema/media.ts';
import type { MediaRow } from './media.repository.ts';

/** The NOTIFY channel of the live wall; its payload is the event id whose log grew. */
export const liveChannel = 'media_live';
export type LiveKind = MediaLiveRow['kind'];
type MediaLiveRow = typeof mediaLiveEvents.$inferSelect;

/**
 * Appends wall changes to the live log in the caller's transaction and notifies the listeners on
 * commit. The per-event advisory lock is taken right before the ids are drawn and held until
 * commit, so one event's log ids appear in commit order: a wall that has read up to id N never
 * sees a smaller id commit later. It is always the last lock its transaction takes, so it cannot
 * close a cycle of waits.
 */
export async function appendLive(tx: Tx, eventId: string, kind: LiveKind, mediaIds: string[]): Promise<void> {
  if (mediaIds.length === 0) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`media_live:${eventId}`}))`);
  await tx.insert(mediaLiveEvents).values(mediaIds.map((mediaId) => ({ eventId, kind, mediaId })));
  await tx.execute(sql`select pg_notify(${liveChannel}, ${eventId})`);
}

/**
 * Deletes one event's whole wall log, on its own or in the caller's transaction (the event's items go
 * too), and wakes its open walls on commit: they find their event gone and close (decision 0102).
 */
export async function deleteLiveLog(q: Db | Tx, eventId: string): Promise<void> {
  await q.delete(mediaLiveEvents).where(eq(mediaLiveEvents.eventId, eventId));
  await q.execute(sql`select pg_notify(${liveChannel}, ${eventId})`);
}

/** What a wall may show: approved, with its derived images made. */
const showable = and(eq(media.status, 'approved'), eq(media.processingState, 'done'));

/** One page of what a wall may show, newest first by upload order (the `(event_id, seq desc)` index). */
function wallRows(q: Db | Tx, eventId: string, limit: number, beforeSeq?: number): Promise<MediaRow[]> {
  return q
    .select()
    .from(media)
    .where(
      and(
        eq(media.eventId, eventId),
        showable,
        beforeSeq === undefined ? undefined : lt(media.seq, beforeSeq),
      ),
    )
    .orderBy(desc(media.seq))
    .limit(limit);
}

export function createLiveRepository(db: Db) {
  return {
    /** The wall log of an event whose items are all gone: no trace of it stays behind (account deletion). */
    async forgetLive(eventId: string): Promise<void> {
      await deleteLiveLog(db, eventId);
    },

    /**
     * Wakes an event's open walls on every instance with nothing new in their log: each then checks
     * whether it may go on (the walls of a renewed wall link close).
     */
    async wakeWalls(eventId: string): Promise<void> {
      await db.execute(sql`select pg_notify(${liveChannel}, ${eventId})`);
    },

    /**
     * The wall's first page and the log position it was read at, from one snapshot: every change
     * after `lastEventId` is one the list does not show yet, and none before it is missing from it.
     */
    async wallFirstPage(eventId: string, limit: number): Promise<{ rows: MediaRow[]; lastEventId: number }> {
      return db.transaction(
        async (tx) => {
          const [head] = await tx
            .select({ id: sql<number>`coalesce(max(${mediaLiveEvents.id}), 0)`.mapWith(Number) })
            .from(mediaLiveEvents)
            .where(eq(mediaLiveEvents.eventId, eventId));
          return { rows: await wallRows(tx, eventId, limit), lastEventId: head?.id ?? 0 };
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
    },

    /**
     * A later page of the wall: showable items older (by `seq`) than the previous page's last. Read
     * after the first page, so it may already reflect changes the stream also brings (the wall drops
     * repeats and what the stream removed); items uploaded meanwhile have a higher `seq` and are not here.
     */
    async wallPageBefore(eventId: string, beforeSeq: number, limit: number): Promise<MediaRow[]> {
      return wallRows(db, eventId, limit, beforeSeq);
    },

    /** The newest log id of one event: where a stream opened without `Last-Event-ID` starts. */
    async liveHead(eventId: string): Promise<number> {
      const [head] = await db
        .select({ id: sql<number>`coalesce(max(${mediaLiveEvents.id}), 0)`.mapWith(Number) })
        .from(mediaLiveEvents)
        .where(eq(mediaLiveEvents.eventId, eventId));
      return head?.id ?? 0;
    },

    /**
     * One event's log after `afterId`, oldest first, each with its item as it is now: null when the
     * item is gone (its `removed` follows in the log) or, for `photo`, no longer showable.
     */
    async liveSince(
      eventId: string,
      afterId: number,
      limit: number,
    ): Promise<{ id: number; kind: LiveKind; mediaId: string; item: MediaRow | null }[]> {
      const rows = await db
        .select({ log: mediaLiveEvents, item: media })
        .from(mediaLiveEvents)
        .leftJoin(media, and(eq(media.id, mediaLiveEvents.mediaId), showable))
        .where(and(eq(mediaLiveEvents.eventId, eventId), gt(mediaLiveEvents.id, afterId)))
        .orderBy(asc(mediaLiveEvents.id))
        .limit(limit);
      return rows.map(({ log, item }) => ({ id: log.id, kind: log.kind, mediaId: log.mediaId, item }));
    },

    /** Forgets wall changes older than `before` (a wall away that long reloads its list). */
    async pruneLive(before: Date): Promise<number> {
      const rows = await db
        .delete(mediaLiveEvents)
        .where(lt(mediaLiveEvents.createdAt, before))
        .returning({ id: mediaLiveEvents.id });
      return rows.length;
    },
  };
}
export type LiveRepository = ReturnType<typeof createLiveRepository>;
