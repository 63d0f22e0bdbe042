/**
 * The everyday album queries: the upload commit, the owner's list, deletes and approvals, derived
 * images, co-uploads and the morning summary. Removing a whole album (an event's deletion, a purge)
 * is in media.retention.repository.ts.
 */
import { and, asc, desc, eq, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { media, mediaCoUploads } from '../../db/schema/media.ts';
import { cancelJob, enqueue, enqueueEach } from '../../jobs/jobs.ts';
import { appendLive } from './live.repository.ts';

export type MediaRow = typeof media.$inferSelect;
/** The upload commit's transaction, as its callers' own repositories take it (`commitUpload`'s `within`). */
export type CommitTx = Tx;
export type NewMediaRow = typeof media.$inferInsert;

/** Every object a row holds: its original and whichever derived images exist. */
export const storedKeys = (rows: Pick<MediaRow, 'objectKey' | 'thumbnailKey' | 'previewKey'>[]) =>
  rows.flatMap((r) => [r.objectKey, r.thumbnailKey, r.previewKey].filter((k): k is string => !!k));

/** What an album may hold: bytes of originals and items. */
export type EventQuota = { bytes: number; items: number };
/** `approved` or `pending`: counted, and the status the new items get (the event's approval setting). */
export type CountResult = MediaStatus | 'closed' | 'not-found' | 'quota-bytes' | 'quota-items';
type MediaStatus = MediaRow['status'];
const isCounted = (result: CountResult): result is MediaStatus =>
  result === 'approved' || result === 'pending';

export class UploadCommitError extends Error {
  readonly reason: Exclude<CountResult, MediaStatus>;
  constructor(reason: Exclude<CountResult, MediaStatus>) {
    super(reason);
    this.reason = reason;
  }
}

/** The same bytes are already in this album (the item that holds them is named). */
export class DuplicateMediaError extends Error {
  readonly existingId: string;
  constructor(existingId: string) {
    super('duplicate');
    this.existingId = existingId;
  }
}

type Counts = { photoCount: number; pendingCount: number };

/** Counts or uncounts items on their event, inside the transaction that inserts, approves or deletes them. */
export type PhotoCounter = {
  /** Counts `n` items of `bytes` in total, unless uploads are closed or the quota would be passed. */
  add(tx: Tx, eventId: string, n: number, bytes: number, quota: EventQuota): Promise<CountResult>;
  remove(
    tx: Tx,
    eventId: string,
    removed: { approved: number; pending: number },
    bytes: number,
  ): Promise<Counts>;
  approve(tx: Tx, eventId: string, n: number): Promise<Counts>;
};

/**
 * Deletes this event's items that `which` matches, lowers the counts by exactly the items deleted,
 * tells the walls about the ones they may show and schedules the objects' removal, all in `tx`.
 */
async function deleteMatching(tx: Tx, eventId: string, which: SQL | undefined, count: PhotoCounter) {
  const deleted = await tx
    .delete(media)
    .where(and(eq(media.eventId, eventId), which))
    .returning();
  const bytes = deleted.reduce((sum, row) => sum + row.size, 0);
  const pending = deleted.filter((row) => row.status === 'pending').length;
  const counts = await count.remove(tx, eventId, { approved: deleted.length - pending, pending }, bytes);
  const keys = storedKeys(deleted);
  if (keys.length) await enqueue(tx, 'storage.delete-objects', { keys });
  const shown = deleted.filter((row) => row.status === 'approved' && row.processingState === 'done');
  await appendLive(
    tx,
    eventId,
    'removed',
    shown.map((row) => row.id),
  );
  return { deleted, ...counts };
}

export function createMediaRepository(db: Db) {
  return {
    /** Schedules removal of objects in case the upload never commits (crash between put and commit). */
    async scheduleSweep(keys: string[], runAt: Date): Promise<string> {
      return enqueue(db, 'media.sweep-upload', { keys }, { runAt });
    },

    /**
     * The upload's single transaction: the count, the rows and their derivation jobs appear together
     * or not at all. The only insert into `media`. `refuseDuplicates`: the count's UPDATE has locked
     * the event row, so commits to one album take turns here and the look-up for the same bytes is
     * exact (DuplicateMediaError, nothing counted).
     */
    async commitUpload(
      eventId: string,
      rows: NewMediaRow[],
      sweepJobId: string,
      count: PhotoCounter,
      options: {
        quota: EventQuota;
        refuseDuplicates: boolean;
        /**
         * Runs in this transaction once the rows are in (their ids known): what the caller's own
         * tables say of them commits or rolls back with them, and a throw refuses the upload. By
         * then the count's UPDATE holds the event's row locked until the commit, so the uploads of
         * one event run this one at a time, and a statement it runs sees every earlier one's
         * outcome: callers count against that (a submission's kinds), and this order must stay.
         */
        within?: (tx: Tx, inserted: MediaRow[]) => Promise<void>;
      },
    ): Promise<MediaRow[]> {
      const bytes = rows.reduce((sum, row) => sum + row.size, 0);
      return db.transaction(async (tx) => {
        const counted = await count.add(tx, eventId, rows.length, bytes, options.quota);
        // After the count, which locks the event's row: the look-up sees every earlier commit.
        // Bytes the album already holds are answered as such even when it is closed or full now:
        // nothing of them would be stored either way.
        if (options.refuseDuplicates) {
          const [same] = await tx
            .select({ id: media.id })
            .from(media)
            .where(
              and(
                eq(media.eventId, eventId),
                inArray(
                  media.sha256,
                  rows.map((r) => r.sha256),
                ),
              ),
            )
            .limit(1);
          if (same) throw new DuplicateMediaError(same.id);
        }
        if (!isCounted(counted)) throw new UploadCommitError(counted);
        const inserted = await tx
          .insert(media)
          .values(rows.map((row) => ({ ...row, status: counted })))
          .returning();
        await options.within?.(tx, inserted);
        await enqueueEach(
          tx,
          'media.derive',
          inserted.map((row) => ({ mediaId: row.id })),
        );
        await cancelJob(tx, sweepJobId);
        return inserted.sort((a, b) => a.seq - b.seq);
      });
    },

    /** Newest first by insertion order; `beforeSeq` continues after a cursor, `offset` serves page numbers. */
    async listPage(
      eventId: string,
      options: { limit: number; beforeSeq?: number; offset?: number; status?: MediaStatus },
    ): Promise<MediaRow[]> {
      const where = and(
        eq(media.eventId, eventId),
        options.beforeSeq !== undefined ? lt(media.seq, options.beforeSeq) : undefined,
        options.status ? eq(media.status, options.status) : undefined,
      );
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

    /** Every item for the album archive, oldest first; items awaiting approval only when asked for. */
    async listAll(eventId: string, options: { includePending: boolean }): Promise<MediaRow[]> {
      return db
        .select()
        .from(media)
        .where(
          and(eq(media.eventId, eventId), options.includePending ? undefined : eq(media.status, 'approved')),
        )
        .orderBy(asc(media.seq));
    },

    /**
     * Deletes the items of this event named by id or key (other events' items are never matched;
     * with `guestId`, only that phone's), lowers the counts by exactly the items deleted, tells the
     * walls about the ones they may show and schedules the objects' removal, in one transaction.
     */
    async deleteItems(eventId: string, ids: string[], count: PhotoCounter, guestId?: string) {
      return db.transaction(async (tx) =>
        deleteMatching(
          tx,
          eventId,
          and(
            or(inArray(media.id, ids), inArray(media.objectKey, ids)),
            guestId === undefined ? undefined : eq(media.guestId, guestId),
          ),
          count,
        ),
      );
    },

    /**
     * Approves the pending items of this event named by id or key, moves them between the counts
     * and tells the walls about those whose derived images exist (the others are announced when
     * their derivation finishes, see `setDerived`), in one transaction. Answers which of the named
     * items this event holds approved now, whether approved here or before.
     */
    async approveItems(eventId: string, ids: string[], count: PhotoCounter) {
      return db.transaction(async (tx) => {
        const named = or(inArray(media.id, ids), inArray(media.objectKey, ids));
        const approved = await tx
          .update(media)
          .set({ status: 'approved' })
          .where(and(eq(media.eventId, eventId), named, eq(media.status, 'pending')))
          .returning({ id: media.id, objectKey: media.objectKey, processingState: media.processingState });
        const counts = await count.approve(tx, eventId, approved.length);
        await appendLive(
          tx,
          eventId,
          'photo',
          approved.filter((row) => row.processingState === 'done').map((row) => row.id),
        );
        const already = await tx
          .select({ id: media.id, objectKey: media.objectKey })
          .from(media)
          .where(and(eq(media.eventId, eventId), named, eq(media.status, 'approved')));
        const byId = new Map([...approved, ...already].map((row) => [row.id, row]));
        return { approved: [...byId.values()], ...counts };
      });
    },

    /**
     * One bounded step of a guest's erasure request: everything uploaded under exactly this name in
     * this event. In one transaction, the name's co-uploads go (its copies of bytes another guest's
     * item holds: that item stays with its own guest, but must never pass to this name later), then
     * up to `limit` of the items that carry the name, as `deleteItems` deletes them. The caller
     * repeats while a step deletes `limit` items. Co-uploads go first: an item being handed over to
     * this name meanwhile then carries it by the time the items are matched, and goes with them.
     */
    async eraseUploaderStep(eventId: string, uploader: string, count: PhotoCounter, limit: number) {
      return db.transaction(async (tx) => {
        const coUploads = await tx
          .delete(mediaCoUploads)
          .where(
            and(
              eq(mediaCoUploads.uploader, uploader),
              inArray(
                mediaCoUploads.mediaId,
                tx.select({ id: media.id }).from(media).where(eq(media.eventId, eventId)),
              ),
            ),
          )
          .returning({ mediaId: mediaCoUploads.mediaId });
        const batch = tx
          .select({ id: media.id })
          .from(media)
          .where(and(eq(media.eventId, eventId), eq(media.uploader, uploader)))
          .orderBy(asc(media.seq))
          .limit(limit);
        const result = await deleteMatching(tx, eventId, inArray(media.id, batch), count);
        return { ...result, coUploads: coUploads.length };
      });
    },

    /**
     * Records derived images; false when the item was deleted meanwhile (the caller removes them).
     * An approved item whose images now exist becomes showable: the walls hear of it in the same
     * transaction. (An approval racing this update waits for the row and reads its new state, so
     * exactly one of the two announces the item.)
     */
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
      return db.transaction(async (tx) => {
        // Locked first: a concurrent approval is then either fully before (we read it approved) or
        // fully after (it reads our new processing state).
        const [before] = await tx
          .select({ eventId: media.eventId, status: media.status, state: media.processingState })
          .from(media)
          .where(eq(media.id, id))
          .for('update');
        if (!before) return false;
        await tx
          .update(media)
          .set({
            thumbnailKey: patch.thumbnailKey,
            previewKey: patch.previewKey,
            width: patch.width,
            height: patch.height,
            processingState: patch.state,
          })
          .where(eq(media.id, id));
        // A retried job that finds the item already done announces nothing twice.
        if (before.status === 'approved' && patch.state === 'done' && before.state !== 'done')
          await appendLive(tx, before.eventId, 'photo', [id]);
        return true;
      });
    },

    /** Records an original's CRC-32 (rows from before uploads recorded it). */
    async setCrc32(id: string, crc32: number): Promise<void> {
      await db.update(media).set({ crc32 }).where(eq(media.id, id));
    },

    /** Which of these keys belong to a committed item (the upload sweep keeps those). */
    async existingKeys(keys: string[]): Promise<Set<string>> {
      if (!keys.length) return new Set();
      const rows = await db
        .select({ key: media.objectKey })
        .from(media)
        .where(inArray(media.objectKey, keys));
      return new Set(rows.map((r) => r.key));
    },

    /**
     * Another phone sent the bytes of `mediaId` (a duplicate): it is remembered as having given the
     * item too, unless the item is that phone's own or the phone is already remembered.
     */
    async recordCoUpload(
      mediaId: string,
      author: { guestId: string; uploader: string; note: string | null },
    ): Promise<void> {
      await db
        .insert(mediaCoUploads)
        .select(
          db
            .select({
              mediaId: media.id,
              guestId: sql`${author.guestId}`.as('guest_id'),
              uploader: sql`${author.uploader}`.as('uploader'),
              note: sql`${author.note}::text`.as('note'),
              uploadedAt: sql`now()`.as('uploaded_at'),
            })
            .from(media)
            .where(and(eq(media.id, mediaId), sql`${media.guestId} is distinct from ${author.guestId}`)),
        )
        .onConflictDoNothing();
    },

    /**
     * When `guestId` takes back its item `mediaId` and another phone gave the same bytes, the item
     * passes to the earliest such phone, with its name and note, and stays in the album. True when
     * it passed; false when no other phone gave it (the caller deletes it) or it is not `guestId`'s.
     */
    async handOver(eventId: string, mediaId: string, guestId: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [next] = await tx
          .select()
          .from(mediaCoUploads)
          .where(eq(mediaCoUploads.mediaId, mediaId))
          .orderBy(asc(mediaCoUploads.uploadedAt), asc(mediaCoUploads.guestId))
          .limit(1)
          .for('update');
        if (!next) return false;
        const moved = await tx
          .update(media)
          .set({ guestId: next.guestId, uploader: next.uploader, note: next.note })
          .where(and(eq(media.id, mediaId), eq(media.eventId, eventId), eq(media.guestId, guestId)))
          .returning({ id: media.id });
        if (!moved.length) return false;
        await tx
          .delete(mediaCoUploads)
          .where(and(eq(mediaCoUploads.mediaId, mediaId), eq(mediaCoUploads.guestId, next.guestId)));
        return true;
      });
    },

    /** Which of these items another phone sent too (a later upload of the same bytes). */
    async sentByOthersToo(mediaIds: string[]): Promise<Set<string>> {
      if (mediaIds.length === 0) return new Set();
      const rows = await db
        .selectDistinct({ mediaId: mediaCoUploads.mediaId })
        .from(mediaCoUploads)
        .where(inArray(mediaCoUploads.mediaId, mediaIds));
      return new Set(rows.map((r) => r.mediaId));
    },

    /** One phone's uploads to an event, newest first (a guest's own list is short; bounded anyway). */
    async listByGuest(eventId: string, guestId: string, limit: number): Promise<MediaRow[]> {
      return db
        .select()
        .from(media)
        .where(and(eq(media.eventId, eventId), eq(media.guestId, guestId)))
        .orderBy(desc(media.seq))
        .limit(limit);
    },

    /**
     * What was shared in an event, for the morning-after mail: photos, videos, items still awaiting
     * approval, and guests — distinct phones, plus distinct names among items sent without a phone's
     * token (decision 0104).
     */
    async summary(eventId: string) {
      const [row] = await db
        .select({
          photos: sql<number>`count(*) filter (where ${media.type} = 'image')`.mapWith(Number),
          videos: sql<number>`count(*) filter (where ${media.type} = 'video')`.mapWith(Number),
          pending: sql<number>`count(*) filter (where ${media.status} = 'pending')`.mapWith(Number),
          guests:
            sql<number>`count(distinct case when ${media.guestId} is not null then 'g:' || ${media.guestId} when ${media.uploader} is not null then 'n:' || lower(${media.uploader}) end)`.mapWith(
              Number,
            ),
        })
        .from(media)
        .where(eq(media.eventId, eventId));
      return row ?? { photos: 0, videos: 0, pending: 0, guests: 0 };
    },
  };
}
export type MediaRepository = ReturnType<typeof createMediaRepository>;
