import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import type { Storage } from '../storage/storage.ts';
import { createJobRunner, deleteObjectsJob, type Clock, type JobRunner } from './jobs.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Durable job runner: modules register handlers; main.ts starts it, tests call runUntilIdle(). */
    jobs: JobRunner;
  }
}

/**
 * Creates the app's job runner and the generic storage clean-up job: removing stored objects after
 * their rows are gone is retried until it succeeds, so a failed delete never leaves bytes behind.
 */
export function registerJobs(app: FastifyInstance, deps: { db: Db; storage: Storage; clock?: Clock }): JobRunner {
  const jobs = createJobRunner({ db: deps.db, logger: app.log, clock: deps.clock });
  jobs.register(deleteObjectsJob, async (payload) => {
    const { keys } = payload as { keys: string[] };
    for (const key of keys) await deps.storage.delete(key);
  });
  app.decorate('jobs', jobs);
  app.addHook('onClose', async () => {
    await jobs.stop();
  });
  return jobs;
}
