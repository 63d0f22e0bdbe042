import { z } from 'zod';
import { createJobQueue } from './job-queue.ts';
import { defineJobRegistry, type PayloadOut } from './job-registry.ts';
import type { JobHandler, JobRunner } from './job-runner.ts';

/**
 * Attempts of a job that must finish, whatever the outage: the backoff reaches its one-hour cap
 * after about an hour and a half, so 200 attempts keep retrying for about eight days. A store or
 * mail server away for a weekend must not leave a deleted photo's files in the store, an account
 * undeleted or a retention warning unsent for ever, as a queue's few attempts (minutes) would.
 * These handlers are idempotent and light (no big decode that could crash the process, which a
 * dead worker's resume would then repeat), so many attempts cost one short try an hour.
 */
const MUST_FINISH_ATTEMPTS = 200;

/**
 * Every kind of durable background work the app knows, and the queue each runs on.
 *
 * Adding a kind is one entry in `kinds` below: its name (`<owner>.<verb>`), its queue and the zod
 * schema of its payload (JSON: ids and keys, never whole rows). From then on:
 * - `enqueue(tx, '<kind>', payload)` is type-checked against the schema and checks it again at run time;
 * - the owning module must register the handler with `jobs.handle('<kind>', handler)` in its
 *   `*.module.ts` (the payload arrives parsed and typed); the app refuses to start while a declared
 *   kind has no handler, so a forgotten handler fails every test, not a wedding night;
 * - a sweep that runs on its own schedule adds `everyMs`: it then runs once per interval across all
 *   instances, with the payload `{}` (its schema must accept that);
 * - a new queue is only needed for work that must not wait behind any existing queue's work.
 * Handlers must be idempotent: a job may run again after a crash or a timeout.
 *
 * Queues are separate so that a guest's invitation or reply is never stuck behind an album's
 * image derivation: each has its own workers (concurrency per process), attempts and time limit.
 */
export const jobRegistry = defineJobRegistry({
  queues: {
    // CPU-bound decoding and resizing: one at a time per process keeps the request path responsive.
    media: { concurrency: 1, maxAttempts: 5, timeoutMs: 10 * 60_000 },
    // Calls to Meta (30 s client timeout each); longer than a send's lease so one send never runs twice.
    whatsapp: { concurrency: 2, maxAttempts: 5, timeoutMs: 2 * 60_000 },
    // Incoming deliveries: a reply's RSVP shows in the guest list within seconds.
    webhooks: { concurrency: 2, maxAttempts: 10, timeoutMs: 60_000 },
    // Account mails (activation, password reset): a sign-up never waits behind photos or clean-ups.
    mail: { concurrency: 2, maxAttempts: 5, timeoutMs: 2 * 60_000 },
    // Removing stored objects whose rows are gone, and similar housekeeping.
    maintenance: { concurrency: 1, maxAttempts: 5, timeoutMs: 10 * 60_000 },
  },
  kinds: {
    /** Daily: forgets jobs that failed for good more than 30 days ago, payloads and all (decision 0141). */
    'jobs.prune-failed': { queue: 'maintenance', everyMs: 24 * 60 * 60 * 1000, payload: z.object({}) },
    /** One account mail, sent by a job so a request costs the same for known and unknown addresses. */
    'users.account-mail': {
      queue: 'mail',
      payload: z.object({
        template: z.enum(['activation', 'password-reset', 'account-exists']),
        email: z.string(),
      }),
    },
    /** Objects whose rows are already gone; retried until removed, so no byte outlives its row. */
    'storage.delete-objects': {
      queue: 'maintenance',
      maxAttempts: MUST_FINISH_ATTEMPTS,
      payload: z.object({ keys: z.array(z.string()) }),
    },
    /** Thumbnail, preview and size of one uploaded item. */
    'media.derive': { queue: 'media', payload: z.object({ mediaId: z.string() }) },
    /** Objects of an upload, removed unless its commit withdrew this job (a crash between put and commit). */
    'media.sweep-upload': {
      queue: 'maintenance',
      maxAttempts: MUST_FINISH_ATTEMPTS,
      payload: z.object({ keys: z.array(z.string()) }),
    },
    /** One queued invitation (the outbox row) to send. */
    'whatsapp.send-invitation': { queue: 'whatsapp', payload: z.object({ messageId: z.string() }) },
    /**
     * Every 10 minutes: a queued invitation whose send job ended without settling it (its attempts
     * used up while the database was away) gets a new one, instead of reading "being sent" for ever.
     */
    'whatsapp.outbox-sweep': { queue: 'maintenance', everyMs: 10 * 60 * 1000, payload: z.object({}) },
    /** Hourly: claims due retention warnings and archives albums whose period ended (decision 0075). */
    'events.retention-sweep': { queue: 'maintenance', everyMs: 60 * 60 * 1000, payload: z.object({}) },
    /** One retention warning mail to an event's owner, `daysBefore` days before its files go. */
    'events.retention-notice': {
      queue: 'mail',
      // The event is marked as warned before the mail goes: this job is the warning's only chance.
      maxAttempts: MUST_FINISH_ATTEMPTS,
      payload: z.object({ eventId: z.string(), daysBefore: z.number().int() }),
    },
    /** Hourly: expired submissions go with their unfinished files' bytes; whole files a crash left uncommitted are committed. */
    'uploads.sweep': { queue: 'maintenance', everyMs: 60 * 60 * 1000, payload: z.object({}) },
    /** Every 10 minutes: claims the events whose morning-after summary is due (09:00 Istanbul time). */
    'events.morning-summary-sweep': { queue: 'maintenance', everyMs: 10 * 60 * 1000, payload: z.object({}) },
    /** The morning-after summary mail to one event's owner (its job id is fixed: once per event). */
    'events.morning-summary': { queue: 'mail', payload: z.object({ eventId: z.string() }) },
    /** Hourly: forgets live-wall changes older than a day (a wall away that long reloads its list). */
    'media.prune-live': { queue: 'maintenance', everyMs: 60 * 60 * 1000, payload: z.object({}) },
    /** Every item of one event, batch by batch, each queueing its files' removal (an archived album). */
    'media.purge-event': {
      queue: 'maintenance',
      // Queued once, when the album is archived: nothing queues it again.
      maxAttempts: MUST_FINISH_ATTEMPTS,
      payload: z.object({ eventId: z.string() }),
    },
    /** A confirmed account deletion, run when its grace period has passed (decision 0076). */
    'users.delete-account': {
      queue: 'maintenance',
      // The deletion is promised 7 days after confirmation; confirming again also revives it.
      maxAttempts: MUST_FINISH_ATTEMPTS,
      payload: z.object({ userId: z.string() }),
    },
    /** "Verilerimi İndir": builds the archive and mails its link (decision 0077). */
    'users.data-export': { queue: 'maintenance', payload: z.object({ userId: z.string() }) },
    /** One signed webhook delivery, stored before Meta gets its 200; read defensively by its handler. */
    'whatsapp.process-webhook': {
      queue: 'webhooks',
      payload: z.custom<object>((value) => typeof value === 'object' && value !== null),
    },
  },
});

type AppJobRegistry = typeof jobRegistry;
type JobKind = keyof AppJobRegistry['kinds'];
export type JobPayload<K extends JobKind> = PayloadOut<AppJobRegistry, K>;
export type AppJobHandler<K extends JobKind> = JobHandler<JobPayload<K>>;
export type AppJobRunner = JobRunner<AppJobRegistry>;
export type { JobContext } from './job-runner.ts';

export const { enqueue, enqueueEach, cancelJob, withLiveJobs } = createJobQueue(jobRegistry);
