import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import type { OwnerAccess } from '../../http/owner-access.ts';
import type { AppJobRunner } from '../../jobs/jobs.ts';
import type { MediaApi } from '../media/media.public.ts';
import { createEventsRepository } from './events.repository.ts';
import { eventsRoutes } from './events.routes.ts';
import { createEventsService } from './events.service.ts';

/** Hosts' events: CRUD for the owner and the public info the upload page reads. */
export async function registerEventsModule(
  app: FastifyInstance,
  deps: AppDeps & { jobs: AppJobRunner; access: OwnerAccess; media: MediaApi },
): Promise<void> {
  const service = createEventsService({
    eventsRepository: createEventsRepository(deps.db),
    quota: { maxBytes: deps.config.uploadBounds.eventQuotaBytes, maxItems: deps.config.uploadBounds.eventQuotaItems },
    access: deps.access,
    media: deps.media,
    // Deleting an event schedules its objects' removal; wake the worker instead of waiting for its poll.
    onObjectsScheduled: () => deps.jobs.kick(),
  });
  await app.register(eventsRoutes, { prefix: '/api', service });
}
