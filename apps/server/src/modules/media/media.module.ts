import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { createBudget, createRateLimiter } from '../../http/rate-limit.ts';
import { createUrlSigner } from '../../http/signed-urls.ts';
import { createGuestTokens } from '../../http/guest-tokens.ts';
import type { OwnerAccess } from '../../http/owner-access.ts';
import type { AppJobRunner } from '../../jobs/jobs.ts';
import type { EventsApi } from '../events/events.public.ts';
import { createDeriveHandler } from './derive-job.ts';
import type { HeicDecoder } from './heic-decoder.ts';
import type { HotFiles } from '../../storage/hot-files.ts';
import type { HeaderList } from '../../http/security-headers.ts';
import type { FastAnswers } from '../../http/fast-answers.ts';
import { createMediaRepository, type PhotoCounter } from './media.repository.ts';
import { createLiveRepository } from './live.repository.ts';
import { mediaFileRoutes } from './media-files.routes.ts';
import { mediaRoutes } from './media.routes.ts';
import { createLiveHub } from './live-hub.ts';
import { liveLimits, liveRoutes } from './live.routes.ts';
import { createLiveService } from './live.service.ts';
import { createAlbumService } from './album.service.ts';
import { createAlbumPurge } from './album-purge.ts';
import { createMediaRetentionRepository } from './media.retention.repository.ts';
import { createUploadService } from './upload.service.ts';
import type { MediaUploadsApi } from './media.public.ts';

/**
 * Guest uploads per client IP: a whole wedding often shares the venue's Wi-Fi (one public IP), so
 * the limit allows a busy evening — 1,200 requests of up to 13 files in 10 minutes (300 guests
 * from one venue IP measured in bench/wedding-peak) — while stopping a
 * script from filling the disk (docs/decisions/0007).
 */
export const uploadRateLimit = { limit: 1200, windowMs: 10 * 60 * 1000 };

/** The live wall's log is kept this long: a wall that was away longer reloads its list. */
const liveLogKeptMs = 24 * 60 * 60 * 1000;

/** What account deletion and retention ask of this module beyond its public API (wired in app.ts). */
export type MediaModuleApi = {
  albumDownloadUrl(eventId: string, ttlSeconds: number, options?: { includePending?: boolean }): string;
  /** Removes every item of an event, queueing its files' removal (account deletion; retention uses the job). */
  purgeEvent(eventId: string): Promise<number>;
  uploads: MediaUploadsApi;
};

/**
 * Uploads in progress per client IP in this process. Guests at one venue share an IP, and the
 * wedding-peak benchmark has 25 of them uploading at once; 32 leaves room for that while a script
 * cannot hold hundreds of sockets and temp files open.
 */
const parallelUploadsPerIp = 32;

/** The album: guest uploads, the host's photo list, deletes, the ZIP download and signed media bytes. */
export async function registerMediaModule(
  app: FastifyInstance,
  deps: AppDeps & {
    jobs: AppJobRunner;
    access: OwnerAccess;
    events: EventsApi;
    /** The app's one HEIC worker (shared with covers, see app.ts). */
    heic: HeicDecoder;
    /** Small media files kept in memory (see storage/hot-files.ts). */
    hotFiles: HotFiles;
    /** The app's security headers (helmet's, read once), which media answers write themselves. */
    securityHeaders: HeaderList;
    /** Answers given before Fastify routes (see http/fast-answers.ts). */
    fastAnswers: FastAnswers;
    uploadRateLimit?: { limit: number; windowMs: number };
  },
): Promise<MediaModuleApi> {
  const tempRoot = path.join(deps.config.dataDir, 'tmp');
  // Temp files of uploads or derivations cut short by a crash: nothing refers to them any more.
  await rm(tempRoot, { recursive: true, force: true });
  const repository = createMediaRepository(deps.db);
  const liveRepository = createLiveRepository(deps.db);
  const signer = createUrlSigner(deps.config.secretKey);
  const { heic } = deps;
  const guestTokens = createGuestTokens(deps.config.secretKey);

  deps.jobs.handle(
    'media.derive',
    createDeriveHandler({
      repository,
      storage: deps.storage,
      heic,
      tempRoot: path.join(tempRoot, 'derive'),
      logger: app.log,
      onOutcome: (outcome) => app.metrics.derivations.inc({ outcome }),
    }),
  );
  deps.jobs.handle('media.sweep-upload', async ({ keys }) => {
    const committed = await repository.existingKeys(keys);
    for (const key of keys) if (!committed.has(key)) await deps.storage.delete(key);
  });

  const counter: PhotoCounter = {
    add: deps.events.addPhotos,
    remove: deps.events.removePhotos,
    approve: deps.events.approvePhotos,
  };
  const uploads = createUploadService({
    repository,
    events: deps.events,
    counter,
    storage: deps.storage,
    tempRoot: path.join(tempRoot, 'uploads'),
    onJobsEnqueued: () => deps.jobs.kick(),
    onStored: (files, bytes) => {
      app.metrics.uploadFiles.inc(files);
      app.metrics.uploadBytes.inc(bytes);
    },
    bounds: deps.config.uploadBounds,
    ipBytes: createBudget({
      name: 'upload-bytes',
      points: deps.config.uploadBounds.bytesPerIpHour,
      durationSeconds: 60 * 60,
      store: deps.rateLimitStore,
    }),
    dataDir: deps.config.dataDir,
  });
  const album = createAlbumService({
    repository,
    events: deps.events,
    counter,
    access: deps.access,
    storage: deps.storage,
    signer,
    onJobsEnqueued: () => deps.jobs.kick(),
  });
  const uploadLimiter = createRateLimiter({
    name: 'upload',
    ...(deps.uploadRateLimit ?? uploadRateLimit),
    store: deps.rateLimitStore,
  });
  const purge = createAlbumPurge({
    repository: createMediaRetentionRepository(deps.db),
    liveRepository,
    onJobsEnqueued: () => deps.jobs.kick(),
  });
  deps.jobs.handle('media.purge-event', async ({ eventId }) => {
    const removed = await purge.purgeEvent(eventId);
    app.log.info({ eventId, removed }, 'album media removed');
  });
  await app.register(mediaRoutes, {
    prefix: '/api',
    uploads,
    album,
    guestTokens,
    uploadLimiter,
    parallelUploadsPerIp: deps.clientLimits?.parallelUploadsPerIp ?? parallelUploadsPerIp,
  });
  await app.register(mediaFileRoutes, {
    prefix: '/api',
    album,
    accelRedirect: deps.storage.localPath ? deps.config.mediaAccelRedirect : undefined,
    hotFiles: deps.hotFiles,
    securityHeaders: deps.securityHeaders,
    fastAnswers: deps.fastAnswers,
  });
  const live = createLiveService({
    repository,
    liveRepository,
    events: deps.events,
    access: deps.access,
    signer,
    storage: deps.storage,
    guestTokens,
    counter,
    publicUrl: deps.config.publicUrl,
    clock: deps.clock ?? (() => new Date()),
    onJobsEnqueued: () => deps.jobs.kick(),
  });
  deps.jobs.handle('media.prune-live', async () => {
    const now = (deps.clock ?? (() => new Date()))();
    const pruned = await liveRepository.pruneLive(new Date(now.getTime() - liveLogKeptMs));
    if (pruned) app.log.info({ pruned }, 'live wall log pruned');
  });
  await app.register(liveRoutes, {
    prefix: '/api',
    service: live,
    hub: createLiveHub(deps.listen),
    limits: deps.liveLimits ?? liveLimits,
  });
  return {
    albumDownloadUrl: (eventId, ttlSeconds, options) => album.albumDownloadUrl(eventId, ttlSeconds, options),
    purgeEvent: (eventId) => purge.purgeEvent(eventId),
    uploads: {
      checkUpload: uploads.checkUpload,
      checkBytesLeft: uploads.checkBytesLeft,
      spendBytes: uploads.spendBytes,
      commitFile: uploads.commitFile,
      checkType: uploads.checkType,
      requestLimiter: uploadLimiter,
    },
  };
}
