import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { and, asc, eq, gte, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { jobs } from '../db/schema/jobs.ts';

type Executor = Db | Tx;

/** Generic clean-up: payload `{ keys: string[] }`, objects whose rows are already gone. */
export const deleteObjectsJob = 'storage.delete-objects';

export type JobContext = { jobId: string; attempt: number; maxAttempts: number };
export type JobHandler = (payload: unknown, context: JobContext) => Promise<void>;

type LoggerLike = {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
};

export type EnqueueOptions = {
  runAt?: Date;
  maxAttempts?: number;
  /**
   * A fixed id makes the enqueue idempotent: while a job with this id exists, enqueueing it again does
   * nothing (several instances, or a sweep that runs again, schedule the same work once).
   */
  id?: string;
};

/** The time jobs are due against; tests pass a clock they move instead of waiting. */
export type Clock = () => Date;

/**
 * Adds a job inside the caller's transaction, so the work exists exactly when the data it is
 * about was committed (no "row saved but thumbnail never made").
 */
export async function enqueue(db: Executor, kind: string, payload: unknown, options: EnqueueOptions = {}): Promise<string> {
  const id = options.id ?? randomUUID();
  await db
    .insert(jobs)
    .values({ id, kind, payload, runAt: options.runAt ?? new Date(), maxAttempts: options.maxAttempts ?? 5 })
    .onConflictDoNothing({ target: jobs.id });
  return id;
}

/** Withdraws a job that has not started, e.g. the clean-up scheduled in case an upload never commits. */
export async function cancelJob(db: Executor, id: string): Promise<void> {
  await db.delete(jobs).where(and(eq(jobs.id, id), eq(jobs.status, 'pending')));
}

/** Delay before attempt n+1: 5 s, 10 s, 20 s … capped at one hour. */
export function backoffMs(attempt: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempt - 1), 3_600_000);
}

export type JobRunnerOptions = {
  db: Db;
  logger: LoggerLike;
  /** Jobs run at the same time by this process (derivation is CPU-bound: keep it small). */
  concurrency?: number;
  pollMs?: number;
  leaseMs?: number;
  clock?: Clock;
};

/** The slot of a recurring job's run: one id per interval, so every instance schedules the same run. */
function recurringId(kind: string, at: Date, intervalMs: number): string {
  return `${kind}@${Math.floor(at.getTime() / intervalMs)}`;
}

export type JobRunner = ReturnType<typeof createJobRunner>;

/**
 * Claims due jobs with `FOR UPDATE SKIP LOCKED` (so several instances share the work without
 * taking the same job), runs the handler registered for the job's kind, deletes the job when it
 * succeeds and retries it with backoff when it fails. A job whose worker died is claimed again when
 * its lease expires; a live worker renews its lease while the handler runs.
 */
export function createJobRunner(options: JobRunnerOptions) {
  const { db, logger } = options;
  const concurrency = options.concurrency ?? 1;
  const pollMs = options.pollMs ?? 1_000;
  const leaseMs = options.leaseMs ?? 60_000;
  const clock = options.clock ?? (() => new Date());
  const recurring = new Map<string, number>();
  const workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const handlers = new Map<string, JobHandler>();
  const inFlight = new Set<Promise<void>>();
  let running = false;
  let loop: Promise<void> | null = null;
  let wake: (() => void) | null = null;

  async function claim(): Promise<(typeof jobs.$inferSelect) | null> {
    const kinds = [...handlers.keys()];
    if (kinds.length === 0) return null;
    const now = clock();
    const due = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          inArray(jobs.kind, kinds),
          or(
            and(eq(jobs.status, 'pending'), lte(jobs.runAt, now)),
            // A job whose worker died during its last allowed attempt is not run again: if the job
            // itself kills the process (a huge decode, say), retrying it forever would crash-loop us.
            and(eq(jobs.status, 'running'), lte(jobs.lockedUntil, now), lt(jobs.attempts, jobs.maxAttempts)),
          ),
        ),
      )
      .orderBy(asc(jobs.runAt))
      .limit(1)
      .for('update', { skipLocked: true });
    const [job] = await db
      .update(jobs)
      .set({
        status: 'running',
        attempts: sql`${jobs.attempts} + 1`,
        lockedBy: workerId,
        lockedUntil: new Date(now.getTime() + leaseMs),
        updatedAt: now,
      })
      .where(inArray(jobs.id, due))
      .returning();
    return job ?? null;
  }

  async function execute(job: typeof jobs.$inferSelect): Promise<void> {
    const handler = handlers.get(job.kind);
    const renew = setInterval(() => {
      void db
        .update(jobs)
        .set({ lockedUntil: new Date(Date.now() + leaseMs) })
        .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId)))
        .catch(() => undefined);
    }, Math.max(1_000, leaseMs / 3));
    renew.unref();
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      // The next run is scheduled before this one works, so a run that fails for good never ends the chain.
      const interval = recurring.get(job.kind);
      if (interval) await scheduleRecurring(job.kind, interval);
      await handler(job.payload, { jobId: job.id, attempt: job.attempts, maxAttempts: job.maxAttempts });
      await db.delete(jobs).where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId)));
      // One line per finished job: operators see throughput, and tests prove each job ran once.
      logger.info({ jobId: job.id, kind: job.kind, attempt: job.attempts, workerId }, 'job done');
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const final = job.attempts >= job.maxAttempts;
      logger[final ? 'error' : 'warn']({ err: error, jobId: job.id, kind: job.kind, attempt: job.attempts }, 'job failed');
      await db
        .update(jobs)
        .set({
          status: final ? 'failed' : 'pending',
          runAt: new Date(clock().getTime() + backoffMs(job.attempts)),
          lockedBy: null,
          lockedUntil: null,
          lastError: message.slice(0, 2000),
          updatedAt: new Date(),
        })
        .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId)))
        .catch((e: unknown) => logger.error({ err: e, jobId: job.id }, 'could not record job failure'));
    } finally {
      clearInterval(renew);
    }
  }

  /**
   * Jobs held by a process of this host that no longer runs (a crash, then this restart) go back
   * to pending at once instead of waiting out their lease. Other hosts' jobs wait for the lease.
   */
  async function releaseDeadWorkersJobs(): Promise<void> {
    const host = hostname();
    const held = await db
      .select({ id: jobs.id, lockedBy: jobs.lockedBy })
      .from(jobs)
      .where(and(eq(jobs.status, 'running'), sql`${jobs.lockedBy} like ${`${host}:%`}`));
    const dead = held.filter((job) => {
      const pid = Number(job.lockedBy?.split(':')[1]);
      if (!Number.isInteger(pid) || pid === process.pid) return true;
      try {
        process.kill(pid, 0);
        return false;
      } catch {
        return true;
      }
    });
    const deadIds = dead.map((job) => job.id);
    const now = new Date();
    // Out of attempts (here, or held by a worker that died elsewhere): failed, with the reason.
    const exhausted = await db
      .update(jobs)
      .set({ status: 'failed', lockedBy: null, lockedUntil: null, lastError: 'worker stopped during the last attempt', updatedAt: now })
      .where(
        and(
          eq(jobs.status, 'running'),
          gte(jobs.attempts, jobs.maxAttempts),
          or(lte(jobs.lockedUntil, now), deadIds.length ? inArray(jobs.id, deadIds) : undefined),
        ),
      )
      .returning({ id: jobs.id, kind: jobs.kind });
    if (exhausted.length) logger.error({ jobs: exhausted }, 'jobs failed: their worker stopped during the last attempt');
    if (deadIds.length === 0) return;
    await db
      .update(jobs)
      .set({ status: 'pending', lockedBy: null, lockedUntil: null, runAt: now, updatedAt: now })
      .where(and(inArray(jobs.id, deadIds), eq(jobs.status, 'running')));
    logger.warn({ count: deadIds.length }, 'resuming jobs of a process that stopped without finishing them');
  }

  /** Enqueues the run of the next interval slot; instances doing the same at once add it once. */
  async function scheduleRecurring(kind: string, intervalMs: number): Promise<void> {
    const next = new Date((Math.floor(clock().getTime() / intervalMs) + 1) * intervalMs);
    await enqueue(db, kind, {}, { id: recurringId(kind, next, intervalMs), runAt: next });
  }

  async function scheduleRecurringJobs(): Promise<void> {
    for (const [kind, interval] of recurring) await scheduleRecurring(kind, interval);
  }

  function track(promise: Promise<void>) {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise));
  }

  async function workLoop(): Promise<void> {
    while (running) {
      let claimed = false;
      if (inFlight.size < concurrency) {
        try {
          const job = await claim();
          if (job) {
            claimed = true;
            track(execute(job));
          }
        } catch (error) {
          logger.error({ err: error }, 'job claim failed');
        }
      }
      if (!claimed && running) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, pollMs);
          timer.unref();
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
          // A finished job frees a slot: look again at once.
          if (inFlight.size >= concurrency) void Promise.race(inFlight).then(() => wake?.());
        });
        wake = null;
      }
    }
  }

  return {
    workerId,
    register(kind: string, handler: JobHandler) {
      handlers.set(kind, handler);
    },
    /**
     * A job that runs once per interval across all instances (sweeps). It is first scheduled by
     * start() (or scheduleRecurringJobs() in tests) and each run schedules the next.
     */
    registerRecurring(kind: string, intervalMs: number, handler: () => Promise<void>) {
      handlers.set(kind, handler);
      recurring.set(kind, intervalMs);
    },
    scheduleRecurringJobs,
    start() {
      if (running) return;
      running = true;
      loop = releaseDeadWorkersJobs()
        .then(scheduleRecurringJobs)
        .catch((error: unknown) => logger.error({ err: error }, 'could not prepare the job queue'))
        .then(workLoop);
    },
    /** Asks the loop to look for work now (after a commit that enqueued something). */
    kick() {
      wake?.();
    },
    /** Stops claiming and waits for the running jobs to finish (graceful shutdown). */
    async stop() {
      running = false;
      wake?.();
      await loop;
      loop = null;
      await Promise.allSettled([...inFlight]);
    },
    /**
     * Runs due jobs one by one until none is left (tests, scripts). Jobs scheduled in the future and
     * failed jobs waiting for their retry are left alone.
     */
    async runUntilIdle(maxJobs = 10_000): Promise<number> {
      let count = 0;
      for (; count < maxJobs; count++) {
        const job = await claim();
        if (!job) break;
        await execute(job);
      }
      return count;
    },
  };
}
