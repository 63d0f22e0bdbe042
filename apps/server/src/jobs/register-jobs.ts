import { and, eq, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { jobs as jobRows } from '../db/schema/jobs.ts';
import type { Storage } from '../storage/storage.ts';
import { createJobRunner } from './job-runner.ts';
import { jobRegistry, type AppJobRunner } from './jobs.ts';
import type { Clock } from './job-runner.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Durable job runner: modules register handlers; main.ts starts it, tests call runUntilIdle(). */
    jobs: AppJobRunner;
  }
}

/**
 * How long a job that failed for good is kept. Its row is how an operator learns what failed and
 * why (the metrics count failed jobs by kind) and can still act on it; a month covers a holiday and
 * a monthly look at the queues. Its payload may hold personal data (an e-mail address, a guest's
 * phone number and message in a webhook delivery) that nothing else keeps once its account or
 * wedding is gone, so it must not stay for ever.
 */
export const FAILED_JOB_KEEP_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Creates the app's job runner and the generic storage clean-up job: removing stored objects after
 * their rows are gone is retried until it succeeds, so a failed delete never leaves bytes behind;
 * and the daily removal of jobs that failed for good long ago.
 * Once every module has registered, a declared kind without a handler stops the app from starting.
 */
export function registerJobs(
  app: FastifyInstance,
  deps: { db: Db; storage: Storage; clock?: Clock },
): AppJobRunner {
  const jobs = createJobRunner({ db: deps.db, logger: app.log, registry: jobRegistry, clock: deps.clock });
  jobs.handle('storage.delete-objects', async ({ keys }) => {
    for (const key of keys) await deps.storage.delete(key);
  });
  const clock = deps.clock ?? (() => new Date());
  jobs.handle('jobs.prune-failed', async () => {
    const before = new Date(clock().getTime() - FAILED_JOB_KEEP_MS);
    await deps.db.delete(jobRows).where(and(eq(jobRows.status, 'failed'), lt(jobRows.updatedAt, before)));
  });
  app.decorate('jobs', jobs);
  app.addHook('onReady', async () => jobs.assertAllHandled());
  app.addHook('onClose', async () => {
    await jobs.stop();
  });
  return jobs;
}
