import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
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
 * Creates the app's job runner and the generic storage clean-up job: removing stored objects after
 * their rows are gone is retried until it succeeds, so a failed delete never leaves bytes behind.
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
  app.decorate('jobs', jobs);
  app.addHook('onReady', async () => jobs.assertAllHandled());
  app.addHook('onClose', async () => {
    await jobs.stop();
  });
  return jobs;
}
