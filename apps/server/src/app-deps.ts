import type { Config } from './config.ts';
import type { Db, Listen } from './db/client.ts';
import type { Clock } from './jobs/job-runner.ts';
import type { Logger } from './http/logger.ts';
import type { RateLimitStore } from './http/rate-limit.ts';
import type { AuthLimits } from './modules/users/users.service.ts';
import type { GuestLimits } from './modules/guests/guest-limits.ts';
import type { Mailer } from './mail/mailer.ts';
import type { Storage } from './storage/storage.ts';

/** Everything the app is built from; tests pass their own (fresh database, temp storage). */
export type AppDeps = {
  config: Config;
  db: Db;
  /** LISTEN on the app's database (the live wall hears of changes made by any instance). */
  listen: Listen;
  /** Health check: throws when the database cannot answer. */
  pingDatabase: () => Promise<void>;
  storage: Storage;
  mailer: Mailer;
  logger: Logger;
  /** Where rate-limit counters live: this process, or Redis shared by every instance. */
  rateLimitStore: RateLimitStore;
  /** "Now" for time-based rules (retention, deletion grace, job due times); tests move it. */
  clock?: Clock;
  /** Sign-in limits per 15 minutes; tests lower them to reach the limit quickly. */
  authLimits?: AuthLimits;
  /** Slow-client bounds; tests shorten the window and lower the parallel uploads to reach them quickly. */
  clientLimits?: { minBodyBytes: number; minRateWindowMs: number; parallelUploadsPerIp: number };
  /** Guests per list and WhatsApp invitations per account per day; tests lower them to reach them quickly. */
  guestLimits?: GuestLimits;
  /** Open live-wall streams per event and per client IP in one process, and their heartbeat; tests lower them. */
  liveLimits?: { perEvent: number; perIp: number; heartbeatMs: number };
};
