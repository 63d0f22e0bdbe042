import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { and, asc, eq, gte, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { jobs } from '../db/schema/jobs.ts';
import { createJobQueue } from './job-queue.ts';
import type { JobRegistry, KindOf, PayloadOut } from './job-registry.ts';

/**
 * The durable job engine's worker side: jobs (rows that `job-queue.ts` adds) are claimed with
 * `FOR UPDATE SKIP LOCKED` under a lease and retried with backoff. It knows nothing of the app's
 * job kinds; `jobs.ts` declares them (see docs/decisions/0050).
 */

export type JobContext = {
  jobId: string;
  attempt: number;
  maxAttempts: number;
  /** Aborted when the attempt exceeds its queue's timeout: long work should stop then. */
  signal: AbortSignal;
};
export type JobHandler<P = unknown> = (payload: P, context: JobContext) => Promise<void>;

/** The time jobs are due against; tests pass a clock they move instead of waiting. */
export type Clock = () => Date;

/** A payload that no longer fits its kind's schema is a bug, not bad luck: it is never retried. */
class InvalidPayloadError extends Error {}

/** Delay before attempt n+1: 5 s, 10 s, 20 s … capped at one hour. */
export function backoffMs(attempt: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempt - 1), 3_600_000);
}

type LoggerLike = {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
};

export type JobRunnerOptions<R extends JobRegistry> = {
  db: Db;
  logger: LoggerLike;
  registry: R;
  pollMs?: number;
  leaseMs?: number;
  /**
   * How long an attempt past its timeout may go on winding down before the runner stops waiting
   * for it (default one minute).
   */
  stopGraceMs?: number;
  clock?: Clock;
};

/** The slot of a recurring job's run: one id per interval, so every instance schedules the same run. */
function recurringId(kind: string, at: Date, intervalMs: number): string {
  return `${kind}@${Math.floor(at.getTime() / intervalMs)}`;
}

export type JobRunner<R extends JobRegistry> = ReturnType<typeof createJobRunner<R>>;

type JobRow = typeof jobs.$inferSelect;

/**
 * Runs the registry's jobs: one claim loop per queue with that queue's concurrency, so a queue
 * full of slow work (media derivation) never delays another (a WhatsApp send). Several instances
 * share the work: `SKIP LOCKED` hands each job to one of them. A job that succeeds is deleted; one
 * that fails is retried with backoff until its attempts run out. A job whose worker died is claimed
 * again when its lease expires; a live worker renews its lease while the handler runs.
 */
export function createJobRunner<R extends JobRegistry>(options: JobRunnerOptions<R>) {
  const { db, logger, registry } = options;
  const pollMs = options.pollMs ?? 1_000;
  const leaseMs = options.leaseMs ?? 60_000;
  const stopGraceMs = options.stopGraceMs ?? 60_000;
  const clock = options.clock ?? (() => new Date());
  const ownQueue = createJobQueue(registry);
  const workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const handlers = new Map<string, JobHandler>();
  const queueNames = Object.keys(registry.queues);
  const kindsOf = (queue: string) =>
    Object.keys(registry.kinds).filter((kind) => registry.kinds[kind]!.queue === queue);
  let running = false;
  let loops: Promise<void>[] = [];
  const wakers = new Set<() => void>();

  async function claim(kinds: string[]): Promise<JobRow | null> {
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

  /**
   * Runs the handler; an attempt past its queue's timeout is aborted and counts as failed. The
   * attempt ends when the handler settles: freeing its slot (and lease) at the timeout while the
   * handler carried on let its retry run beside it, past the queue's concurrency. A handler that
   * has not stopped `stopGraceMs` after its abort (hung on something that ignores the signal) is
   * given up on: its slot is freed and its retry scheduled, or one hang would take a place of its
   * queue until the process restarts.
   */
  async function runHandler(job: JobRow, handler: JobHandler, timeoutMs: number): Promise<void> {
    const parsed = registry.kinds[job.kind]!.payload.safeParse(job.payload);
    if (!parsed.success)
      throw new InvalidPayloadError(`payload does not match ${job.kind}: ${parsed.error.message}`);
    const timeout = new AbortController();
    let giveUp: () => void = () => undefined;
    const givenUp = new Promise<'given-up'>((resolve) => (giveUp = () => resolve('given-up')));
    let grace: NodeJS.Timeout | undefined;
    const timer = setTimeout(() => {
      logger.warn({ jobId: job.id, kind: job.kind, timeoutMs }, 'job timed out; waiting for it to stop');
      timeout.abort();
      grace = setTimeout(giveUp, stopGraceMs);
      grace.unref();
    }, timeoutMs);
    timer.unref();
    const context = {
      jobId: job.id,
      attempt: job.attempts,
      maxAttempts: job.maxAttempts,
      signal: timeout.signal,
    };
    let outcome: 'given-up' | void = undefined;
    try {
      outcome = await Promise.race([handler(parsed.data, context), givenUp]);
    } catch (error) {
      if (!timeout.signal.aborted) throw error;
    } finally {
      clearTimeout(timer);
      clearTimeout(grace);
    }
    if (outcome === 'given-up') {
      logger.error(
        { jobId: job.id, kind: job.kind, timeoutMs, stopGraceMs },
        'job did not stop after its timeout; its slot is freed',
      );
      throw new Error(`job did not stop within ${stopGraceMs} ms of its ${timeoutMs} ms timeout`);
    }
    // Failed even when it returned: a handler that stops as soon as it sees the abort is not done.
    if (timeout.signal.aborted) throw new Error(`job timed out after ${timeoutMs} ms`);
  }

  async function execute(job: JobRow): Promise<void> {
    const handler = handlers.get(job.kind);
    const spec = registry.kinds[job.kind];
    const queueSpec = spec ? registry.queues[spec.queue] : undefined;
    const renew = setInterval(
      () => {
        void db
          .update(jobs)
          .set({ lockedUntil: new Date(Date.now() + leaseMs) })
          .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId)))
          .catch(() => undefined);
      },
      Math.max(1_000, leaseMs / 3),
    );
    renew.unref();
    try {
      if (!handler || !queueSpec) throw new Error(`no handler for job kind ${job.kind}`);
      // The next run is scheduled before this one works, so a run that fails for good never ends the chain.
      if (spec?.everyMs) await scheduleRecurring(job.kind, spec.everyMs);
      await runHandler(job, handler, queueSpec.timeoutMs);
      await db.delete(jobs).where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId)));
      // One line per finished job: operators see throughput, and tests prove each job ran once.
      logger.info({ jobId: job.id, kind: job.kind, attempt: job.attempts, workerId }, 'job done');
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const final = job.attempts >= job.maxAttempts || error instanceof InvalidPayloadError;
      logger[final ? 'error' : 'warn'](
        { err: error, jobId: job.id, kind: job.kind, attempt: job.attempts },
        'job failed',
      );
      await db
        .update(jobs)
        .set({
          status: final ? 'failed' : 'pending',
          runAt: new Date(clock().getTime() + backoffMs(job.attempts)),
          lockedBy: null,
          lockedUntil: null,
          lastError: message.slice(0, 2000),
          // When it failed for good, on the runner's clock: old failures are pruned by this date.
          updatedAt: clock(),
        })
        .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId)))
        .catch((e: unknown) => logger.error({ err: e, jobId: job.id }, 'could not record job failure'));
    } finally {
      clearInterval(renew);
    }
  }

  /**
   * Jobs held by a process of this host that no longer runs (a crash, then this restart) go back
   * to pending at once instead of waiting out their lease. Only a worker known dead is released
   * early: a pid of another process that is not alive. Containers sharing a hostname all run their
   * server as pid 1 (or as the same pid as ours), so such an id may be a live sibling in another PID
   * namespace, where `process.kill` sees nothing: its jobs, like other hosts', wait for the lease.
   */
  async function releaseDeadWorkersJobs(): Promise<void> {
    const host = hostname();
    const held = await db
      .select({ id: jobs.id, lockedBy: jobs.lockedBy })
      .from(jobs)
      .where(and(eq(jobs.status, 'running'), sql`${jobs.lockedBy} like ${`${host}:%`}`));
    const dead = held.filter((job) => {
      const [lockedHost, pidText] = job.lockedBy?.split(':') ?? [];
      if (lockedHost !== host || !pidText || !/^\d+$/.test(pidText)) return false;
      const pid = Number(pidText);
      if (pid <= 1 || pid === process.pid) return false;
      try {
        process.kill(pid, 0);
        return false;
      } catch (error) {
        // EPERM: the process exists, it is only not ours to signal.
        return (error as NodeJS.ErrnoException).code === 'ESRCH';
      }
    });
    const deadIds = dead.map((job) => job.id);
    const now = new Date();
    // Out of attempts (here, or held by a worker that died elsewhere): failed, with the reason.
    const exhausted = await db
      .update(jobs)
      .set({
        status: 'failed',
        lockedBy: null,
        lockedUntil: null,
        lastError: 'worker stopped during the last attempt',
        updatedAt: now,
      })
      .where(
        and(
          eq(jobs.status, 'running'),
          gte(jobs.attempts, jobs.maxAttempts),
          or(lte(jobs.lockedUntil, now), deadIds.length ? inArray(jobs.id, deadIds) : undefined),
        ),
      )
      .returning({ id: jobs.id, kind: jobs.kind });
    if (exhausted.length)
      logger.error({ jobs: exhausted }, 'jobs failed: their worker stopped during the last attempt');
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
    await ownQueue.enqueue(db, kind, {} as never, { id: recurringId(kind, next, intervalMs), runAt: next });
  }

  async function scheduleRecurringJobs(): Promise<void> {
    for (const [kind, spec] of Object.entries(registry.kinds)) {
      if (spec.everyMs) await scheduleRecurring(kind, spec.everyMs);
    }
  }

  /** One queue's loop: claims while it has free slots, sleeps until polled, kicked or a slot frees. */
  async function queueLoop(queue: string): Promise<void> {
    const { concurrency } = registry.queues[queue]!;
    const kinds = kindsOf(queue).filter((kind) => handlers.has(kind));
    const inFlight = new Set<Promise<void>>();
    while (running) {
      let claimed = false;
      if (inFlight.size < concurrency) {
        try {
          const job = await claim(kinds);
          if (job) {
            claimed = true;
            const promise = execute(job);
            inFlight.add(promise);
            void promise.finally(() => inFlight.delete(promise));
          }
        } catch (error) {
          logger.error({ err: error, queue }, 'job claim failed');
        }
      }
      if (!claimed && running) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(wake, pollMs);
          timer.unref();
          function wake() {
            clearTimeout(timer);
            wakers.delete(wake);
            resolve();
          }
          wakers.add(wake);
          // A finished job frees a slot: look again at once.
          if (inFlight.size >= concurrency) void Promise.race(inFlight).then(wake);
        });
      }
    }
    await Promise.allSettled([...inFlight]);
  }

  return {
    workerId,
    /** Declares who runs a kind; the payload arrives parsed by the kind's schema. */
    handle<K extends KindOf<R>>(kind: K, handler: JobHandler<PayloadOut<R, K>>) {
      if (!registry.kinds[kind]) throw new Error(`unknown job kind ${kind}`);
      handlers.set(kind, handler as JobHandler);
    },
    /** Schedules the next run of every recurring kind (start() does it; tests call it directly). */
    scheduleRecurringJobs,
    /** Throws when a declared kind has no handler: such jobs would wait forever. */
    assertAllHandled() {
      const missing = Object.keys(registry.kinds).filter((kind) => !handlers.has(kind));
      if (missing.length) throw new Error(`job kinds without a handler: ${missing.join(', ')}`);
    },
    start() {
      if (running) return;
      running = true;
      const released = releaseDeadWorkersJobs()
        .then(scheduleRecurringJobs)
        .catch((error: unknown) => logger.error({ err: error }, 'could not prepare the job queue'));
      loops = queueNames.map((queue) => released.then(() => queueLoop(queue)));
    },
    /** Asks every queue to look for work now (after a commit that enqueued something). */
    kick() {
      for (const wake of [...wakers]) wake();
    },
    /** Stops claiming and waits for the running jobs to finish (graceful shutdown). */
    async stop() {
      running = false;
      for (const wake of [...wakers]) wake();
      await Promise.allSettled(loops);
      loops = [];
    },
    /**
     * Runs due jobs one by one, whatever their queue, until none is left (tests, scripts). Jobs
     * scheduled in the future and failed jobs waiting for their retry are left alone.
     */
    async runUntilIdle(maxJobs = 10_000): Promise<number> {
      const kinds = [...handlers.keys()];
      let count = 0;
      for (; count < maxJobs; count++) {
        const job = await claim(kinds);
        if (!job) break;
        await execute(job);
      }
      return count;
    },
  };
}
