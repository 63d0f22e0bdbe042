import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { ErrorCode } from '@ani/contract/errors';
import { messages } from '@ani/contract/messages';
import type { AppDeps } from './app-deps.ts';
import { registerErrorHandling } from './http/error-handler.ts';
import { registerOpenApi } from './http/openapi.ts';
import { createOwnerAccess } from './http/owner-access.ts';
import { registerRouteTable } from './http/route-table.ts';
import { registerWebApp } from './http/web-app.ts';
import { mediaOrigin } from './storage/create-storage.ts';
import { registerJobs } from './jobs/register-jobs.ts';
import { registerEventsModule } from './modules/events/events.module.ts';
import { createEventsApi } from './modules/events/events.public.ts';
import { createGuestsApi } from './modules/guests/guests.public.ts';
import { createMediaApi } from './modules/media/media.public.ts';
import { createWeddingsApi } from './modules/weddings/weddings.public.ts';
import { createWhatsappApi } from './modules/whatsapp/whatsapp.public.ts';
import { registerMediaModule } from './modules/media/media.module.ts';
import { registerGuestsModule } from './modules/guests/guests.module.ts';
import { registerUsersModule } from './modules/users/users.module.ts';
import { registerWeddingsModule } from './modules/weddings/weddings.module.ts';
import { registerWhatsappModule } from './modules/whatsapp/whatsapp.module.ts';

export type { AppDeps };

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    loggerInstance: deps.logger,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Long enough that an over-long id reaches the schemas (a Turkish 400/404), not the router's 414.
    routerOptions: { maxParamLength: 500 },
    // Shutdown: finish what is in flight, refuse what is new with 503.
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // The router's own refusals (URL too long, bad encoding) in our error shape, never echoing the URL.
    frameworkErrors: (error, _request, reply) => {
      void (reply as unknown as FastifyReply)
        .status(error.statusCode ?? 400)
        .send({ success: false, message: messages.generic.invalidInput, code: ErrorCode.VALIDATION });
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerRouteTable(app);
  if (config.apiDocs) await registerOpenApi(app);

  // Media come from this origin, or straight from the S3-compatible store when one is configured.
  const media = ["'self'", ...(mediaOrigin(config) ? [mediaOrigin(config)!] : [])];
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: [...media, 'data:', 'blob:'],
        mediaSrc: [...media, 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        fontSrc: ["'self'", 'data:'],
        connectSrc: media,
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });

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

  // Each module's public API (the only way into another module's tables), made before the modules so
  // that modules which ask each other (events and media, guests and WhatsApp) can both be wired.
  const apis = {
    events: createEventsApi(deps.db),
    media: createMediaApi(deps.db),
    weddings: createWeddingsApi(deps.db),
    guests: createGuestsApi(deps.db),
    whatsapp: createWhatsappApi(deps.db, { sendMaxAttempts: config.whatsapp.sendMaxAttempts }),
  };
  const access = createOwnerAccess(apis);
  const jobs = registerJobs(app, deps);
  const moduleDeps = { ...deps, ...apis, access, jobs };
  await registerUsersModule(app, moduleDeps);
  await registerEventsModule(app, moduleDeps);
  await registerWeddingsModule(app, moduleDeps);
  await registerGuestsModule(app, moduleDeps);
  await registerWhatsappModule(app, moduleDeps);
  await registerMediaModule(app, moduleDeps);

  await registerWebApp(app, config.webDistDir);
  return app;
}
