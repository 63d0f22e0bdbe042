import { randomUUID } from 'node:crypto';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { jobs } from '../db/schema/jobs.ts';
import type { JobRegistry, KindOf, PayloadIn, PayloadOut } from './job-registry.ts';

/**
 * Adding, withdrawing and looking up jobs, on the app's own database (PGlite or PostgreSQL): jobs
 * are rows, which `job-runner.ts` claims and works.
 */

type Executor = Db | Tx;

export type EnqueueOptions = {
  runAt?: Date;
  maxAttempts?: number;
  /**
   * A fixed id makes the enqueue idempotent: while a job with this id exists, enqueueing it again
   * does nothing (several instances, or a sweep that runs again, schedule the same work once).
   */
  id?: string;
};

/**
 * `enqueue` and `cancelJob` for a registry. Enqueue adds the job inside the caller's transaction, so
 * the work exists exactly when the data it is about was committed (no "row saved but thumbnail never
 * made").
 */
export function createJobQueue<R extends JobRegistry>(registry: R) {
  /** A new job's row: its payload checked by its kind's schema, its attempts its kind's, else its queue's. */
  function jobRow<K extends KindOf<R>>(
    kind: K,
    payload: PayloadIn<R, K>,
    options: { id: string; runAt: Date; maxAttempts?: number },
  ) {
    const spec = registry.kinds[kind]!;
    return {
      id: options.id,
      kind,
      payload: spec.payload.parse(payload),
      runAt: options.runAt,
      maxAttempts: options.maxAttempts ?? spec.maxAttempts ?? registry.queues[spec.queue]!.maxAttempts,
    };
  }

  return {
    async enqueue<K extends KindOf<R>>(
      db: Executor,
      kind: K,
      payload: PayloadIn<R, K>,
      options: EnqueueOptions = {},
    ): Promise<string> {
      const id = options.id ?? randomUUID();
      await db
        .insert(jobs)
        .values(
          jobRow(kind, payload, { id, runAt: options.runAt ?? new Date(), maxAttempts: options.maxAttempts }),
        )
        // A job with a fixed id (one export per account, one warning per event) exists once: enqueued
        // again while it waits or runs, nothing changes. One that failed for good starts afresh, or
        // the host asking again (say, for their data) would be refused for ever by an old failure.
        .onConflictDoUpdate({
          target: jobs.id,
          set: {
            payload: sql`excluded.payload`,
            status: 'pending',
            attempts: 0,
            maxAttempts: sql`excluded.max_attempts`,
            runAt: sql`excluded.run_at`,
            lockedUntil: null,
            lockedBy: null,
            lastError: null,
            updatedAt: sql`now()`,
          },
          setWhere: eq(jobs.status, 'failed'),
        });
      return id;
    },

    /**
     * One job of `kind` for each payload, in a single statement (an upload's derivations: one
     * insert, not one per file). Fresh ids only, so no conflict clause is needed. Each is due a
     * millisecond after the one before: jobs are claimed by due time, so they run in this order.
     */
    async enqueueEach<K extends KindOf<R>>(
      db: Executor,
      kind: K,
      payloads: PayloadIn<R, K>[],
    ): Promise<void> {
      if (!payloads.length) return;
      const now = Date.now();
      await db
        .insert(jobs)
        .values(
          payloads.map((payload, i) => jobRow(kind, payload, { id: randomUUID(), runAt: new Date(now + i) })),
        );
    },

    /** Withdraws a job that has not started, e.g. the clean-up scheduled in case an upload never commits. */
    async cancelJob(db: Executor, id: string): Promise<void> {
      await db.delete(jobs).where(and(eq(jobs.id, id), eq(jobs.status, 'pending')));
    },

    /**
     * Which of `values` have a job of `kind` still to run (waiting or running), by the payload field
     * that names them (e.g. the message an invitation send is for). A job that failed for good does
     * not count: whatever it was for has no job left.
     */
    async withLiveJobs<K extends KindOf<R>>(
      db: Executor,
      kind: K,
      field: keyof PayloadOut<R, K> & string,
      values: string[],
    ): Promise<Set<string>> {
      const found = new Set<string>();
      // In slices: a query's parameters are limited, and the outbox of every wedding can be long.
      for (let i = 0; i < values.length; i += 1_000) {
        const rows = await db
          .select({ value: sql<string>`${jobs.payload}->>${field}` })
          .from(jobs)
          .where(
            and(
              eq(jobs.kind, kind),
              ne(jobs.status, 'failed'),
              inArray(sql`${jobs.payload}->>${field}`, values.slice(i, i + 1_000)),
            ),
          );
        for (const row of rows) found.add(row.value);
      }
      return found;
    },
  };
}
