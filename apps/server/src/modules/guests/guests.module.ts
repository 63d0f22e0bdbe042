import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import type { OwnerAccess } from '../../http/owner-access.ts';
import type { AppJobRunner } from '../../jobs/jobs.ts';
import type { WeddingsApi } from '../weddings/weddings.public.ts';
import type { WhatsappApi } from '../whatsapp/whatsapp.public.ts';
import { createInvitationBudget, defaultGuestLimits } from './guest-limits.ts';
import { createGuestsRepository } from './guests.repository.ts';
import { guestsRoutes } from './guests.routes.ts';
import { createGuestsService } from './guests.service.ts';

/** The guest list: add, edit, delete, one-way approval (which queues the invitations), statistics, CSV. */
export type GuestsModuleApi = {
  /** The guest lists in a host's data archive. */
  exportOf(ownerId: string): Promise<{ name: string; content: string }[]>;
};

export async function registerGuestsModule(
  app: FastifyInstance,
  deps: AppDeps & { jobs: AppJobRunner; access: OwnerAccess; weddings: WeddingsApi; whatsapp: WhatsappApi },
): Promise<GuestsModuleApi> {
  const limits = deps.guestLimits ?? defaultGuestLimits;
  const service = createGuestsService({
    repository: createGuestsRepository(deps.db),
    access: deps.access,
    weddings: deps.weddings,
    whatsapp: deps.whatsapp,
    onInvitationsQueued: () => deps.jobs.kick(),
    limits,
    invitationBudget: createInvitationBudget(deps.rateLimitStore, limits.invitationsPerDay),
  });
  await app.register(guestsRoutes, { prefix: '/api', service });
  return { exportOf: (ownerId) => service.exportOf(ownerId) };
}
