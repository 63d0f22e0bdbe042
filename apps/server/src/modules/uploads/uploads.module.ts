import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { EVENTS } from '@tus/server';
import { limits } from '@ani/contract/limits';
import { messages } from '@ani/contract/messages';
import { uploadOutcomeHeader } from '@ani/contract/uploads';
import type { AppDeps } from '../../app-deps.ts';
import { createGuestTokens } from '../../http/guest-tokens.ts';
import type { AppJobRunner } from '../../jobs/jobs.ts';
import type { EventsApi } from '../events/events.public.ts';
import type { MediaUploadsApi } from '../media/media.public.ts';
import { createUploadsRepository } from './uploads.repository.ts';
import { StagingStore } from './staging-store.ts';
import { TurkishTusServer, tusRefusal } from './tus-refusals.ts';
import { tusPath, uploadsRoutes } from './uploads.routes.ts';
import {
  createUploadsService,
  submissionTtlMs,
  type ReceivingFile,
  type Staging,
} from './uploads.service.ts';

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
    async offset(uploadId) {
      try {
        return (await store.getUpload(uploadId)).offset;
      } catch {
        return null;
      }
    },
    filePath: (uploadId) => path.join(directory, uploadId),
    content: (uploadId, size) => store.content(uploadId, size),
    drop: (uploadId) => store.drop(uploadId),
  };
  const service = createUploadsService({
    repository: createUploadsRepository(deps.db),
    events: deps.events,
    media: deps.mediaUploads,
    tokens: createGuestTokens(deps.config.secretKey),
    staging,
    now: deps.clock,
  });

  // The file as a PATCH read it before writing: the commit its last bytes start needs no second read.
  const readBeforeWrite = new WeakMap<object, ReceivingFile>();
  const tus = new TurkishTusServer({
    path: tusPath,
    datastore: store,
    maxSize: limits.maxUploadBytes,
    // Same origin only: the Location is a path, and no origin is echoed back.
    relativeLocation: true,
    allowedOrigins: [],
    exposedHeaders: [uploadOutcomeHeader],
    async onUploadCreate(_request, upload) {
      await service.onCreate(upload.id, upload.size, upload.metadata ?? {});
      return {};
    },
    async onIncomingRequest(request, uploadId) {
      if (request.method === 'PATCH') readBeforeWrite.set(request, await service.beforeWrite(uploadId));
    },
    async onUploadFinish(request, upload) {
      const known = readBeforeWrite.get(request);
      return { headers: { [uploadOutcomeHeader]: await service.finish(upload.id, known) } };
    },
    onResponseError(_request, error) {
      // tus's own refusals: in Turkish, with the protocol's status.
      const known = tusRefusal(error);
      const body = (error as { body?: unknown }).body;
      // Ours: they already carry their Turkish reason as the body.
      if (!known && 'status_code' in error && typeof body === 'string' && error.status_code < 500)
        return undefined;
      // A failure on our side (tus's own 500s too) is logged, and tells the guest no detail.
      if (!known || known.status_code === 500) app.log.error({ err: error }, 'tus upload failed');
      return known ?? { status_code: 500, body: messages.generic.error };
    },
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
    service,
    tus,
    requestLimiter: deps.mediaUploads.requestLimiter,
    parallelUploadsPerIp: deps.clientLimits?.parallelUploadsPerIp ?? parallelUploadsPerIp,
    disk: { dataDir: deps.config.dataDir, minFreeBytes: deps.config.uploadBounds.minFreeDiskBytes },
  });
}
