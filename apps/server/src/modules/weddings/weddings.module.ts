import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import type { EventsApi } from '../events/events.public.ts';
import { createWeddingsRepository } from './weddings.repository.ts';
import { weddingsRoutes } from './weddings.routes.ts';
import { createWeddingsService } from './weddings.service.ts';

/** The host's wedding (made together with its event), its info and the invitation image. */
export async function registerWeddingsModule(app: FastifyInstance, deps: AppDeps & { events: EventsApi }): Promise<void> {
  const service = createWeddingsService({
    repository: createWeddingsRepository(deps.db),
    events: deps.events,
    storage: deps.storage,
  });
  await app.register(weddingsRoutes, { prefix: '/api', service });
}
