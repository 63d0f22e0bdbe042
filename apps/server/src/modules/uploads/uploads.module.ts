import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { EVENTS, MemoryLocker } from '@tus/server';
import { limits } from '@ani/contract/limits';
import { uploadOutcomeHeader } from '@ani/contract/uploads';
import type { AppDeps } from '../../app-deps.ts';
import { createGuestTokens } from '../../http/guest-tokens.ts';
import type { AppJobRunner } from '../../jobs/jobs.ts';
import type { EventsApi } from '../events/events.public.ts';
import type { MediaUploadsApi } from '../media/media.public.ts';
import { createUploadsRepository } from './uploads.repository.ts';
import { StagingStore } from './staging-store.ts';
import { TurkishTusServer, tusErrorAnswer } from './tus-refusals.ts';
import { createTusWrites } from './tus-writes.ts';
import { tusPath, uploadsRoutes } from './uploads.routes.ts';
import { createSubmissionAdmission } from './submission-limits.ts';
import { createSubmissionsService } from './submissions.service.ts';
import { createUploadsService, submissionTtlMs, type Staging } from './uploads.service.ts';

/** Same bound as the multipart path's (media.module.ts): uploads in progress per client address. */
const parallelUploadsPerIp = 32;

/** Resumable guest uploads: submissions checked once, then each file over tus 1.0 (decision 0091). */
export async function registerUploadsModule(
  app: FastifyInstance,
  deps: AppDeps & { jobs: AppJobRunner; events: EventsApi; mediaUploads: MediaUploadsApi },
): Promise<void> {
  const directory = path.join(deps.config.dataDir, 'tus');
  const store = new StagingStore({ directory, expirationPeriodInMilliseconds: submissionTtlMs });
  const staging: Staging = {
    offset: (uploadId) => store.stagedBytes(uploadId),
    filePath: (uploadId) => path.join(directory, uploadId),
    content: (uploadId, size) => store.content(uploadId, size),
    head: (uploadId) => store.head(uploadId),
    drop: (uploadId) => store.drop(uploadId),
  };
  const repository = createUploadsRepository(deps.db);
  const submissions = createSubmissionsService({
    repository,
    media: deps.mediaUploads,
    tokens: createGuestTokens(deps.config.secretKey),
    admission: createSubmissionAdmission({
      store: deps.rateLimitStore,
      newPhones: deps.mediaUploads.requestLimiter,
    }),
    staging,
    now: deps.clock,
  });
  const service = createUploadsService({
    repository,
    events: deps.events,
    media: deps.mediaUploads,
    staging,
    now: deps.clock,
  });

  // One locker for the library's requests and our writes: requests on the same upload take turns.
  const locker = new MemoryLocker();
  const tus = new TurkishTusServer({
    path: tusPath,
    datastore: store,
    locker,
    maxSize: limits.maxUploadBytes,
    // Same origin only: no origin is echoed back.
    allowedOrigins: [],
    exposedHeaders: [uploadOutcomeHeader],
    onResponseError(_request, error) {
      const answer = tusErrorAnswer(error);
      if (answer.failure) app.log.error({ err: error }, 'tus upload failed');
      return { status_code: answer.status_code, body: answer.body };
    },
  });
  const writes = createTusWrites({
    store,
    locker,
    path: tusPath,
    maxSize: limits.maxUploadBytes,
    create: async (uploadId, length, metadata) => {
      const created = await service.onCreate(uploadId, length, metadata);
      if (!('finished' in created)) return created;
      const { finished } = created;
      return {
        finished: { uploadId: finished.uploadId, headers: { [uploadOutcomeHeader]: finished.outcome } },
      };
    },
    beforeWrite: async (uploadId) => {
      const known = await service.beforeWrite(uploadId);
      return { known, length: known.file.size, expiresAt: known.submission.expiresAt };
    },
    // The file as read before writing: the commit its last bytes start needs no second read.
    finish: async (uploadId, known) => ({ [uploadOutcomeHeader]: await service.finish(uploadId, known) }),
    afterWrite: (uploadId, from, to) => service.afterWrite(uploadId, from, to),
    spent: service.spent,
  });
  tus.on(EVENTS.POST_TERMINATE, (_request, _response, uploadId) => {
    service
      .onTerminated(uploadId)
      .catch((error: unknown) => app.log.error({ err: error }, 'tus termination'));
  });

  deps.jobs.handle('uploads.sweep', async () => {
    const swept = await service.sweep();
    if (swept.expired || swept.finished) app.log.info(swept, 'uploads swept');
  });
  // Staged bytes no submission knows any more (its event was deleted, or the phone started the
  // file again on another instance) are this instance's own: each instance removes its expired
  // ones at start and hourly, whichever instance runs the shared sweep job.
  const removeOrphans = () =>
    tus
      .cleanUpExpiredUploads()
      .then((removed) => removed && app.log.info({ removed }, 'expired tus uploads removed'))
      .catch((error: unknown) => app.log.error({ err: error }, 'expired tus uploads not removed'));
  app.addHook('onReady', async () => void removeOrphans());
  const orphanTimer = setInterval(removeOrphans, submissionTtlMs / 24).unref();
  app.addHook('onClose', async () => clearInterval(orphanTimer));

  await app.register(uploadsRoutes, {
    submissions,
    service,
    tus,
    writes,
    parallelUploadsPerIp: deps.clientLimits?.parallelUploadsPerIp ?? parallelUploadsPerIp,
    disk: { dataDir: deps.config.dataDir, minFreeBytes: deps.config.uploadBounds.minFreeDiskBytes },
  });
}
