import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import type { JobRunner } from '../../jobs/jobs.ts';
import { createGuestsRepository } from './guests.repository.ts';
import { guestsRoutes } from './guests.routes.ts';
import { createGuestsService } from './guests.service.ts';

/** The guest list: add, edit, delete, one-way approval (which queues the invitations), statistics, CSV. */
export type GuestsApi = {
  /** The guest lists in a host's data archive. */
  exportOf(ownerId: string): Promise<{ name: string; content: string }[]>;
};

export async function registerGuestsModule(app: FastifyInstance, deps: AppDeps & { jobs: JobRunner }): Promise<GuestsApi> {
  const service = createGuestsService({
    repository: createGuestsRepository(deps.db),
    onInvitationsQueued: () => deps.jobs.kick(),
    sendMaxAttempts: deps.config.whatsapp.sendMaxAttempts,
  });
  await app.register(guestsRoutes, { prefix: '/api', service });
  return { exportOf: (ownerId) => service.exportOf(ownerId) };
}
