import { and, asc, count, eq, inArray, lt, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { submissionFiles, submissions } from '../../db/schema/uploads.ts';

export type SubmissionRow = typeof submissions.$inferSelect;
export type SubmissionFileRow = typeof submissionFiles.$inferSelect;
type FileState = SubmissionFileRow['state'];
/**
 * Whether an event takes uploads (null: no such event), asked inside one of this repository's own
 * queries; the events module writes it (`EventsApi.takesUploads`).
 */
type EventQuestion = (eventId: SQLWrapper) => SQL<boolean | null>;

export function createUploadsRepository(db: Db) {
  return {
    async insertSubmission(
      row: typeof submissions.$inferInsert,
      files: { name: string; size: number; type: string }[],
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.insert(submissions).values(row);
        await tx.insert(submissionFiles).values(
          files.map((f, position) => ({
            submissionId: row.id,
            position,
            name: f.name,
            size: f.size,
            declaredType: f.type,
          })),
        );
      });
    },

    async findSubmission(id: string): Promise<SubmissionRow | null> {
      return (await db.select().from(submissions).where(eq(submissions.id, id)))[0] ?? null;
    },

    /** The submission a new file is for, with whether its event takes uploads now, in one statement. */
    async findSubmissionToUpload(
      id: string,
      takesUploads: EventQuestion,
    ): Promise<{ submission: SubmissionRow; eventTakesUploads: boolean | null } | null> {
      const [row] = await db
        .select({ submission: submissions, eventTakesUploads: takesUploads(submissions.eventId) })
        .from(submissions)
        .where(eq(submissions.id, id));
      return row ?? null;
    },

    async listFiles(submissionId: string): Promise<SubmissionFileRow[]> {
      return db
        .select()
        .from(submissionFiles)
        .where(eq(submissionFiles.submissionId, submissionId))
        .orderBy(asc(submissionFiles.position));
    },

    /**
     * Gives a new tus upload one waiting declared file of exactly its length, the one of the same
     * name first. Null when none is left: the file was not declared, or is one more than declared.
     * One statement: the candidate is locked as it is picked (one being taken by another creation
     * is skipped, not waited for) and the update is still conditional on the state, so two
     * creations can never take the same slot.
     */
    async claimFile(
      submissionId: string,
      uploadId: string,
      size: number,
      name: string,
    ): Promise<SubmissionFileRow | null> {
      const candidate = db
        .select({ position: submissionFiles.position })
        .from(submissionFiles)
        .where(
          and(
            eq(submissionFiles.submissionId, submissionId),
            eq(submissionFiles.state, 'waiting'),
            eq(submissionFiles.size, size),
          ),
        )
        .orderBy(sql`${submissionFiles.name} = ${name} desc`, asc(submissionFiles.position))
        .limit(1)
        .for('update', { skipLocked: true });
      const [claimed] = await db
        .update(submissionFiles)
        .set({ uploadId, state: 'receiving' })
        .where(
          and(
            eq(submissionFiles.submissionId, submissionId),
            eq(submissionFiles.position, candidate),
            eq(submissionFiles.state, 'waiting'),
          ),
        )
        .returning();
      return claimed ?? null;
    },

    /** The upload receiving a declared file of this name and length, if one is. */
    async receivingUpload(submissionId: string, size: number, name: string): Promise<string | null> {
      const [row] = await db
        .select({ uploadId: submissionFiles.uploadId })
        .from(submissionFiles)
        .where(
          and(
            eq(submissionFiles.submissionId, submissionId),
            eq(submissionFiles.state, 'receiving'),
            eq(submissionFiles.size, size),
            eq(submissionFiles.name, name),
          ),
        )
        .limit(1);
      return row?.uploadId ?? null;
    },

    /** Gives a still-receiving file's slot to a new upload; false when it is no longer receiving. */
    async replaceUpload(previous: string, uploadId: string): Promise<boolean> {
      const rows = await db
        .update(submissionFiles)
        .set({ uploadId })
        .where(and(eq(submissionFiles.uploadId, previous), eq(submissionFiles.state, 'receiving')))
        .returning({ position: submissionFiles.position });
      return rows.length > 0;
    },

    /**
     * The declared file a tus upload receives, with its submission and whether its event takes
     * uploads now: a PATCH's checks in one statement (the event's part costs a look-up by key).
     */
    async findByUpload(
      uploadId: string,
      takesUploads: EventQuestion,
    ): Promise<{
      file: SubmissionFileRow;
      submission: SubmissionRow;
      eventTakesUploads: boolean | null;
    } | null> {
      const [row] = await db
        .select({
          file: submissionFiles,
          submission: submissions,
          eventTakesUploads: takesUploads(submissions.eventId),
        })
        .from(submissionFiles)
        .innerJoin(submissions, eq(submissions.id, submissionFiles.submissionId))
        .where(eq(submissionFiles.uploadId, uploadId));
      return row ?? null;
    },

    /**
     * Accepts the file as the media item `mediaId`, recording what its bytes turned out to be,
     * unless the submission already holds `max` files of that kind; false then, and nothing is
     * written. Runs in the media commit's transaction (`commitUpload`'s `within`), which has
     * already locked the row of the submission's event: every commit to that event, and so every
     * file of this submission that could take the last place, waits there for the one before it to
     * commit. The count is in the update's own statement, whose snapshot is taken once that lock is
     * held (READ COMMITTED), so it sees every file accepted before, and two files finishing at once
     * cannot both take the last place. No lock of the submission's row is needed on top.
     */
    async acceptWithin(
      tx: Tx,
      file: { uploadId: string; submissionId: string },
      kind: 'image' | 'video',
      max: number,
      mediaId: string,
    ): Promise<boolean> {
      const taken = tx
        .select({ n: count() })
        .from(submissionFiles)
        .where(
          and(
            eq(submissionFiles.submissionId, file.submissionId),
            eq(submissionFiles.kind, kind),
            ne(submissionFiles.state, 'refused'),
            ne(submissionFiles.uploadId, file.uploadId),
          ),
        );
      const accepted = await tx
        .update(submissionFiles)
        .set({ kind, state: 'accepted', reason: null, mediaId })
        .where(and(eq(submissionFiles.uploadId, file.uploadId), sql`(${taken}) < ${max}`))
        .returning({ position: submissionFiles.position });
      if (accepted.length) return true;
      // Swept as its last bytes arrived: they came in time, and no row is left to record them on.
      const [still] = await tx
        .select({ position: submissionFiles.position })
        .from(submissionFiles)
        .where(eq(submissionFiles.uploadId, file.uploadId));
      return !still;
    },

    async setOutcome(
      uploadId: string,
      outcome: { state: Exclude<FileState, 'waiting' | 'receiving'>; reason?: string; mediaId?: string },
    ): Promise<void> {
      await db
        .update(submissionFiles)
        .set({ state: outcome.state, reason: outcome.reason ?? null, mediaId: outcome.mediaId ?? null })
        .where(eq(submissionFiles.uploadId, uploadId));
    },

    /** A terminated upload's file may be sent again by a new upload. */
    async release(uploadId: string): Promise<void> {
      await db
        .update(submissionFiles)
        .set({ uploadId: null, state: 'waiting', kind: null })
        .where(and(eq(submissionFiles.uploadId, uploadId), eq(submissionFiles.state, 'receiving')));
    },

    /** Up to `limit` submissions past their expiry, with the tus uploads still holding bytes. */
    async expired(now: Date, limit: number): Promise<{ ids: string[]; uploadIds: string[] }> {
      const rows = await db
        .select({ id: submissions.id })
        .from(submissions)
        .where(lt(submissions.expiresAt, now))
        .limit(limit);
      const ids = rows.map((r) => r.id);
      if (!ids.length) return { ids, uploadIds: [] };
      const files = await db
        .select({ uploadId: submissionFiles.uploadId })
        .from(submissionFiles)
        .where(and(inArray(submissionFiles.submissionId, ids), eq(submissionFiles.state, 'receiving')));
      return { ids, uploadIds: files.map((f) => f.uploadId).filter((u): u is string => !!u) };
    },

    async deleteSubmissions(ids: string[]): Promise<void> {
      if (ids.length) await db.delete(submissions).where(inArray(submissions.id, ids));
    },

    /** Files still receiving, for the sweep that commits those whose bytes all arrived before a crash. */
    async receiving(limit: number): Promise<SubmissionFileRow[]> {
      return db.select().from(submissionFiles).where(eq(submissionFiles.state, 'receiving')).limit(limit);
    },
  };
}
export type UploadsRepository = ReturnType<typeof createUploadsRepository>;
