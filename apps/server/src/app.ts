import path from 'node:path';
import helmet from 'helmet';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { ErrorCode } from '@ani/contract/errors';
import { messages } from '@ani/contract/messages';
import type { AppDeps } from './app-deps.ts';
import { registerErrorHandling } from './http/error-handler.ts';
import { registerOpenApi } from './http/openapi.ts';
import { createMetrics, registerMetrics } from './http/metrics.ts';
import { createOwnerAccess } from './http/owner-access.ts';
import { registerReadiness, storageProbe } from './http/readiness.ts';
import { createRequestIdGenerator, registerRequestId } from './http/request-id.ts';
import { registerFastAnswers } from './http/fast-answers.ts';
import { registerRouteTable } from './http/route-table.ts';
import { headersOf, registerSecurityHeaders } from './http/security-headers.ts';
import { registerSlowBodyGuard, serverLimits, serverTimeoutOptions } from './http/slow-clients.ts';
import { registerWebApp } from './http/web-app.ts';
import { mediaOrigin } from './storage/create-storage.ts';
import { diskHeadroom } from './storage/disk-space.ts';
import { queueStats } from './jobs/queue-stats.ts';
import { registerJobs } from './jobs/register-jobs.ts';
import { registerEventsModule } from './modules/events/events.module.ts';
import { createEventsApi } from './modules/events/events.public.ts';
import { createGuestsApi } from './modules/guests/guests.public.ts';
import { createHeicDecoder } from './modules/media/heic-decoder.ts';
import { createMediaApi } from './modules/media/media.public.ts';
import { createWeddingsApi } from './modules/weddings/weddings.public.ts';
import { createWhatsappApi } from './modules/whatsapp/whatsapp.public.ts';
import { registerMediaModule } from './modules/media/media.module.ts';
import { registerGuestsModule } from './modules/guests/guests.module.ts';
import { dataExportTtlSeconds, registerUsersModule } from './modules/users/users.module.ts';
import { registerWeddingsModule } from './modules/weddings/weddings.module.ts';
import { registerWhatsappModule } from './modules/whatsapp/whatsapp.module.ts';
import { registerUploadsModule } from './modules/uploads/uploads.module.ts';
import { createHotFiles, forgettingDeletes } from './storage/hot-files.ts';

export type { AppDeps };

/** A thumbnail is ~30-60 kB and a preview ~100-400 kB; anything larger is an original or a video. */
const hotFileMaxBytes = 1024 * 1024;
/** How long a file is answered from memory before it is read again (deletions leave at once anyway). */
const hotFileTtlMs = 5 * 60 * 1000;

export async function buildApp(appDeps: AppDeps): Promise<FastifyInstance> {
  // Hot thumbnails and previews answered from memory (local disk only: object storage serves its own
  // bytes through signed links). Every deletion in the app goes through this storage, so a deleted
  // photo leaves memory with its file.
  const hotFiles = createHotFiles({
    maxBytes: appDeps.storage.localPath ? appDeps.config.mediaCacheBytes : 0,
    maxFileBytes: hotFileMaxBytes,
    ttlMs: hotFileTtlMs,
  });
  const deps: AppDeps = { ...appDeps, storage: forgettingDeletes(appDeps.storage, hotFiles) };
  const { config } = deps;
  const genReqId = createRequestIdGenerator(config.trustProxy);
  const app = Fastify({
    loggerInstance: deps.logger,
    trustProxy: config.trustProxy,
    // Not `requestIdHeader`: Fastify would take any client's header as is; the generator decides.
    genReqId,
    bodyLimit: 1024 * 1024,
    // Long enough that an over-long id reaches the schemas (a Turkish 400/404), not the router's 414.
    routerOptions: { maxParamLength: 500 },
    // Shutdown: finish what is in flight, refuse what is new with 503.
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // A client cannot hold a socket open by sending slowly or not at all (see http/slow-clients.ts).
    ...serverTimeoutOptions,
    // The router's own refusals (URL too long, bad encoding) in our error shape, never echoing the URL.
    frameworkErrors: (error, _request, reply) => {
      void (reply as unknown as FastifyReply)
        .status(error.statusCode ?? 400)
        .send({ success: false, message: messages.generic.invalidInput, code: ErrorCode.VALIDATION });
    },
  });
  app.server.maxConnections = serverLimits.maxConnections;
  // The hottest media answers are given before Fastify routes them (decision 0121).
  const fastAnswers = registerFastAnswers(app, genReqId);
  registerSlowBodyGuard(
    app,
    deps.clientLimits
      ? { minBytes: deps.clientLimits.minBodyBytes, windowMs: deps.clientLimits.minRateWindowMs }
      : undefined,
  );
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerRouteTable(app);
  if (config.apiDocs) await registerOpenApi(app);
  registerRequestId(app);
  registerMetrics(
    app,
    createMetrics({
      queueStats: () => queueStats(deps.db),
      onScrapeError: (error) => app.log.warn({ err: error }, 'metrics: could not read the job queues'),
    }),
    config.metricsToken,
  );

  // Media come from this origin, or straight from the S3-compatible store when one is configured.
  const mediaSources = ["'self'", ...(mediaOrigin(config) ? [mediaOrigin(config)!] : [])];
  // Built once: @fastify/helmet rebuilt the whole middleware (options, CSP parsing) on every request,
  // a measured share of each media request's cost (decision 0114); its headers are read once into a
  // list (decision 0119). The headers are the same.
  const securityHeaders = headersOf(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          imgSrc: [...mediaSources, 'data:', 'blob:'],
          mediaSrc: [...mediaSources, 'blob:'],
          styleSrc: ["'self'", "'unsafe-inline'"],
          fontSrc: ["'self'", 'data:'],
          connectSrc: mediaSources,
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
  registerSecurityHeaders(app, securityHeaders);

  app.get('/api/health', async (_request, reply) => {
    try {
      await deps.pingDatabase();
      return { success: true, database: 'ok' };
    } catch (error) {
      app.log.error({ err: error }, 'health check: database unavailable');
      return reply
        .status(503)
        .send({ success: false, message: messages.generic.unavailable, code: ErrorCode.UNAVAILABLE });
    }
  });

  registerReadiness(app, {
    database: deps.pingDatabase,
    storage: storageProbe(deps.storage),
    // The queues answer (the jobs table is readable); main.ts marks the app ready once its runner runs.
    jobs: async () => void (await queueStats(deps.db)),
    // Past MIN_FREE_DISK_BYTES uploads are refused (507), so the balancer should send guests elsewhere.
    disk: async () => {
      if ((await diskHeadroom(config.dataDir, config.uploadBounds.minFreeDiskBytes)) <= 0) {
        throw new Error('free disk space below MIN_FREE_DISK_BYTES');
      }
    },
  });

  // Each module's public API (the only way into another module's tables), made before the modules so
  // that modules which ask each other (events and media, guests and WhatsApp) can both be wired.
  // One HEIC decoder for the app: album derivations and covers share its single worker, so two
  // ~2 GB WebAssembly decodes never run at once.
  const heic = createHeicDecoder();
  app.addHook('onClose', async () => heic.stop());
  const apis = {
    events: createEventsApi(deps.db),
    media: createMediaApi(deps.db, {
      storage: deps.storage,
      heic,
      tempRoot: path.join(config.dataDir, 'tmp', 'covers'),
    }),
    weddings: createWeddingsApi(deps.db),
    guests: createGuestsApi(deps.db),
    whatsapp: createWhatsappApi(deps.db, { sendMaxAttempts: config.whatsapp.sendMaxAttempts }),
  };
  const access = createOwnerAccess(apis);
  const jobs = registerJobs(app, deps);
  const moduleDeps = { ...deps, ...apis, access, jobs, heic, hotFiles, securityHeaders, fastAnswers };
  // Account deletion reaches every module that keeps files or unlinked rows for a host; the
  // deletion job only runs once all of them are registered.
  const purgeOwnedData = async (userId: string) => {
    // Guests' uploads stop first: while one album is being removed, another one already emptied must
    // not fill again, since the rows of late uploads would go with the account but not their files.
    await events.closeUploadsOf(userId);
    for (const eventId of await events.eventIdsOf(userId)) await media.purgeEvent(eventId);
    await events.deleteStoredFilesOf(userId);
    await weddings.deleteStoredFilesOf(userId);
    await whatsapp.forgetOwner(userId);
  };
  // "Verilerimi İndir": each module contributes the files of the data it owns.
  const exportOwnedData = async (userId: string) => [
    ...(await events.exportOf(userId, dataExportTtlSeconds)),
    ...(await weddings.exportOf(userId)),
    ...(await guests.exportOf(userId)),
    ...(await whatsapp.exportOf(userId)),
  ];
  const users = await registerUsersModule(app, { ...moduleDeps, purgeOwnedData, exportOwnedData });
  const media = await registerMediaModule(app, moduleDeps);
  const events = await registerEventsModule(app, {
    ...moduleDeps,
    ownerContact: users.ownerContact,
    albumDownloadUrl: media.albumDownloadUrl,
  });
  const weddings = await registerWeddingsModule(app, moduleDeps);
  const guests = await registerGuestsModule(app, moduleDeps);
  const whatsapp = await registerWhatsappModule(app, moduleDeps);
  await registerUploadsModule(app, { ...moduleDeps, mediaUploads: media.uploads });

  await registerWebApp(app, config.webDistDir, {
    uploadPageCover: (eventId) => events.publicCoverOf(eventId),
  });
  return app;
}
