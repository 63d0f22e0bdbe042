import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import type { EventsApi } from '../events/events.public.ts';
import { createWeddingsRepository } from './weddings.repository.ts';
import { weddingsRoutes } from './weddings.routes.ts';
import { createWeddingsService } from './weddings.service.ts';

/** The host's wedding (made together with its event), its info and the invitation image. */
export type WeddingsModuleApi = {
  /** Removes an owner's stored invitation images; the rows go with the account. */
  deleteStoredFilesOf(ownerId: string): Promise<void>;
  /** The weddings in a host's data archive (the invitation image's storage key stays internal). */
  exportOf(ownerId: string): Promise<{ name: string; content: string }[]>;
};

export async function registerWeddingsModule(
  app: FastifyInstance,
  deps: AppDeps & { events: EventsApi },
): Promise<WeddingsModuleApi> {
  const repository = createWeddingsRepository(deps.db);
  const service = createWeddingsService({
    repository,
    events: deps.events,
    storage: deps.storage,
  });
  await app.register(weddingsRoutes, { prefix: '/api', service });
  return {
    async exportOf(ownerId) {
      const rows = (await repository.listByOwner(ownerId)).map(({ invitationImageKey, ...row }) => ({
        ...row,
        hasInvitationImage: invitationImageKey !== null,
      }));
      return [{ name: 'dugunler.json', content: `${JSON.stringify(rows, null, 2)}\n` }];
    },
    async deleteStoredFilesOf(ownerId) {
      for (const key of await repository.invitationImageKeysOf(ownerId)) await deps.storage.delete(key);
    },
  };
}
