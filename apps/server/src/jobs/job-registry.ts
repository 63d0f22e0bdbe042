import type { z } from 'zod';

/**
 * The shape of a job registry, shared by the queue (`job-queue.ts`, which adds jobs) and the runner
 * (`job-runner.ts`, which works them). The engine knows nothing of the app's job kinds; `jobs.ts`
 * declares them (see docs/decisions/0050).
 */

/** A queue: its own workers, so one kind of work never waits behind another. */
export type QueueSpec = {
  /** Jobs of this queue run at the same time by one process. */
  concurrency: number;
  /** Attempts before a job is marked failed (a kind or an enqueue may say otherwise). */
  maxAttempts: number;
  /** An attempt running longer is aborted and counted as failed (retried while attempts remain). */
  timeoutMs: number;
};

export type JobKindSpec<Q extends string = string> = {
  queue: Q;
  /** Checked at enqueue (the caller's bug shows at once) and again before the handler runs. */
  payload: z.ZodType;
  maxAttempts?: number;
  /**
   * A recurring kind (sweeps): it runs once per interval across all instances, with the payload
   * `{}`. start() schedules the next slot and each run schedules the one after it.
   */
  everyMs?: number;
};

export type JobRegistry = {
  queues: Record<string, QueueSpec>;
  kinds: Record<string, JobKindSpec>;
};

/** Keeps the literal kind and queue names, and checks each kind names a declared queue. */
export function defineJobRegistry<
  const Q extends Record<string, QueueSpec>,
  const K extends Record<string, JobKindSpec<keyof Q & string>>,
>(registry: { queues: Q; kinds: K }): { queues: Q; kinds: K } {
  return registry;
}

export type KindOf<R extends JobRegistry> = keyof R['kinds'] & string;
export type PayloadIn<R extends JobRegistry, K extends KindOf<R>> = z.input<R['kinds'][K]['payload']>;
export type PayloadOut<R extends JobRegistry, K extends KindOf<R>> = z.output<R['kinds'][K]['payload']>;
