import { and, eq, gt, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { violatedUniqueConstraint } from '../../db/errors.ts';
import { emailTokens, sessions, users } from '../../db/schema/users.ts';
import { cancelJob, enqueue, type JobPayload } from '../../jobs/jobs.ts';

/** One deletion job per account: confirming twice does not queue it twice, and cancelling finds it. */
const deleteAccountJobId = (userId: string) => `users.delete-account:${userId}`;

export type UserRow = typeof users.$inferSelect;
export type EmailTokenPurpose = (typeof emailTokens.$inferSelect)['purpose'];
export type EmailTokenRow = typeof emailTokens.$inferSelect;

/** Which unique constraint a failed insert or update hit, if any. */
export function uniqueViolation(error: unknown): 'email' | 'username' | null {
  const constraint = violatedUniqueConstraint(error);
  if (constraint === null) return null;
  if (constraint.includes('users_email_key')) return 'email';
  if (constraint.includes('users_username_key')) return 'username';
  return null;
}

export function createUsersRepository(db: Db) {
  return {
    async insertUser(row: typeof users.$inferInsert): Promise<UserRow> {
      const [user] = await db.insert(users).values(row).returning();
      return user!;
    },
    async findById(id: string) {
      return (await db.select().from(users).where(eq(users.id, id)))[0] ?? null;
    },
    async findByEmail(email: string) {
      return (await db.select().from(users).where(eq(users.email, email)))[0] ?? null;
    },
    async findByUsernameKey(usernameKey: string) {
      return (await db.select().from(users).where(eq(users.usernameKey, usernameKey)))[0] ?? null;
    },
    async updateUser(id: string, patch: Partial<typeof users.$inferInsert>): Promise<UserRow> {
      const [user] = await db
        .update(users)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      return user!;
    },

    /**
     * A new password ends what was issued under the old one, in one transaction: every other session
     * and every unused e-mail link. A pending e-mail change started from a stolen session must not
     * outlive the owner's password reset (it would hand the account to the thief's address).
     */
    async replacePassword(
      id: string,
      patch: Partial<typeof users.$inferInsert>,
      keepSessionId?: string,
    ): Promise<UserRow> {
      return db.transaction(async (tx) => {
        const now = new Date();
        const [user] = await tx
          .update(users)
          .set({ ...patch, updatedAt: now })
          .where(eq(users.id, id))
          .returning();
        await tx
          .update(sessions)
          .set({ revokedAt: now })
          .where(
            and(
              eq(sessions.userId, id),
              isNull(sessions.revokedAt),
              keepSessionId ? ne(sessions.id, keepSessionId) : undefined,
            ),
          );
        // The old address's cancel links stay: they are the owner's way back if the thief set the password.
        await tx
          .update(emailTokens)
          .set({ usedAt: now })
          .where(
            and(
              eq(emailTokens.userId, id),
              isNull(emailTokens.usedAt),
              ne(emailTokens.purpose, 'email_change_cancel'),
            ),
          );
        return user!;
      });
    },
    /**
     * The confirmed "delete my account": the date, the end of every session and unused e-mail link,
     * and the deletion job, in one transaction. An already scheduled deletion keeps its date, and
     * its job is queued again for that date: one that failed for good (or went missing) starts
     * afresh, so a confirmation never answers "scheduled" over a deletion nothing will run. A job
     * still waiting or running is left as it is (its id is fixed).
     */
    async scheduleDeletion(id: string, at: Date): Promise<UserRow | null> {
      return db.transaction(async (tx) => {
        const now = new Date();
        const [user] = await tx
          .update(users)
          .set({ deletionScheduledAt: at, updatedAt: now })
          .where(and(eq(users.id, id), isNull(users.deletionScheduledAt)))
          .returning();
        await tx
          .update(sessions)
          .set({ revokedAt: now })
          .where(and(eq(sessions.userId, id), isNull(sessions.revokedAt)));
        await tx
          .update(emailTokens)
          .set({ usedAt: now })
          .where(and(eq(emailTokens.userId, id), isNull(emailTokens.usedAt)));
        const scheduled =
          user ??
          (
            await tx
              .select()
              .from(users)
              .where(and(eq(users.id, id), isNotNull(users.deletionScheduledAt)))
          )[0];
        if (scheduled?.deletionScheduledAt)
          await enqueue(
            tx,
            'users.delete-account',
            { userId: id },
            { id: deleteAccountJobId(id), runAt: scheduled.deletionScheduledAt },
          );
        return user ?? null;
      });
    },
    /** Withdraws a scheduled deletion; false when none was scheduled. */
    async cancelDeletion(id: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(users)
          .set({ deletionScheduledAt: null, updatedAt: new Date() })
          .where(and(eq(users.id, id), isNotNull(users.deletionScheduledAt)))
          .returning({ id: users.id });
        await cancelJob(tx, deleteAccountJobId(id));
        return rows.length === 1;
      });
    },
    /** Queues the export; while one is waiting, asking again adds nothing. */
    async queueDataExport(userId: string): Promise<void> {
      await enqueue(db, 'users.data-export', { userId }, { id: `users.data-export:${userId}` });
    },
    /**
     * Records the new archive and schedules its removal when its link expires, in one transaction;
     * answers the previous archive's key so the caller removes it at once.
     */
    async setDataExport(userId: string, key: string, expiresAt: Date): Promise<string | null> {
      return db.transaction(async (tx) => {
        const [current] = await tx
          .select({ key: users.dataExportKey })
          .from(users)
          .where(eq(users.id, userId))
          .for('update');
        await tx.update(users).set({ dataExportKey: key }).where(eq(users.id, userId));
        await enqueue(tx, 'storage.delete-objects', { keys: [key] }, { runAt: expiresAt });
        return current?.key ?? null;
      });
    },
    /** The account row; sessions, e-mail links, events, weddings and everything below them go by cascade. */
    async deleteUser(id: string): Promise<void> {
      await db.delete(users).where(eq(users.id, id));
    },
    async insertSession(row: typeof sessions.$inferInsert) {
      await db.insert(sessions).values(row);
    },
    async findLiveSession(tokenHash: string) {
      const rows = await db
        .select({
          sessionId: sessions.id,
          id: users.id,
          username: users.username,
          email: users.email,
          activatedAt: users.activatedAt,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            eq(sessions.tokenHash, tokenHash),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, new Date()),
          ),
        );
      return rows[0] ?? null;
    },
    /** Ends every session of a user, or every one but `keepSessionId`. */
    async revokeSessions(userId: string, keepSessionId?: string) {
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(
          and(
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            keepSessionId ? ne(sessions.id, keepSessionId) : undefined,
          ),
        );
    },
    /** Voids every unused e-mail-change link of a user. */
    async withdrawEmailChanges(userId: string) {
      await db
        .update(emailTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(emailTokens.userId, userId),
            eq(emailTokens.purpose, 'email_change'),
            isNull(emailTokens.usedAt),
          ),
        );
    },
    async queueAccountMail(payload: JobPayload<'users.account-mail'>) {
      await enqueue(db, 'users.account-mail', payload);
    },
    async revokeSession(sessionId: string) {
      await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
    },
    async insertEmailToken(row: typeof emailTokens.$inferInsert) {
      // A new link replaces older unused links of the same purpose, except cancel links: each one
      // restores the address it was sent to, and a later change must not silence an earlier owner.
      if (row.purpose !== 'email_change_cancel')
        await db
          .update(emailTokens)
          .set({ usedAt: new Date() })
          .where(
            and(
              eq(emailTokens.userId, row.userId),
              eq(emailTokens.purpose, row.purpose),
              isNull(emailTokens.usedAt),
            ),
          );
      await db.insert(emailTokens).values(row);
    },
    async findEmailToken(tokenHash: string, purpose: EmailTokenPurpose): Promise<EmailTokenRow | null> {
      const rows = await db
        .select()
        .from(emailTokens)
        .where(and(eq(emailTokens.tokenHash, tokenHash), eq(emailTokens.purpose, purpose)));
      return rows[0] ?? null;
    },
    /** The new address of an e-mail change that is still waiting for its link to be followed. */
    async findPendingEmail(userId: string): Promise<string | null> {
      const rows = await db
        .select({ newEmail: emailTokens.newEmail })
        .from(emailTokens)
        .where(
          and(
            eq(emailTokens.userId, userId),
            eq(emailTokens.purpose, 'email_change'),
            isNull(emailTokens.usedAt),
            gt(emailTokens.expiresAt, new Date()),
          ),
        );
      return rows[0]?.newEmail ?? null;
    },
    /** Marks the token used; false when another request used it first (single use under races). */
    async claimEmailToken(id: string): Promise<boolean> {
      const rows = await db
        .update(emailTokens)
        .set({ usedAt: sql`now()` })
        .where(and(eq(emailTokens.id, id), isNull(emailTokens.usedAt)))
        .returning({ id: emailTokens.id });
      return rows.length === 1;
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
