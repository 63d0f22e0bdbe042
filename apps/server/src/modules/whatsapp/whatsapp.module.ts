import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import type { OwnerAccess } from '../../http/owner-access.ts';
import type { AppJobRunner } from '../../jobs/jobs.ts';
import type { GuestsApi } from '../guests/guests.public.ts';
import type { WeddingsApi } from '../weddings/weddings.public.ts';
import { createWhatsappClient } from './whatsapp.client.ts';
import { createWhatsappOutboxRepository } from './whatsapp.outbox.repository.ts';
import { createWhatsappRepository } from './whatsapp.repository.ts';
import { whatsappRoutes } from './whatsapp.routes.ts';
import { createWhatsappService } from './whatsapp.service.ts';

/**
 * WhatsApp Business Cloud API: sends the invitations the guest list's approval queued, records
 * replies and delivery statuses from the webhook, shows conversations and delivery counts.
 */
export type WhatsappModuleApi = {
  /** Removes what no cascade reaches for an owner's weddings (delivery reports). */
  forgetOwner(ownerId: string): Promise<void>;
  /** The conversations in a host's data archive. */
  exportOf(ownerId: string): Promise<{ name: string; content: string }[]>;
};

export async function registerWhatsappModule(
  app: FastifyInstance,
  deps: AppDeps & {
    jobs: AppJobRunner;
    access: OwnerAccess;
    weddings: WeddingsApi;
    guests: GuestsApi;
    fetch?: typeof fetch;
  },
): Promise<WhatsappModuleApi> {
  const config = deps.config.whatsapp;
  const repository = createWhatsappRepository(deps.db);
  const weddingIdsOf = async (ownerId: string) => (await deps.weddings.listByOwner(ownerId)).map((w) => w.id);
  const service = createWhatsappService({
    repository,
    outbox: createWhatsappOutboxRepository(deps.db),
    access: deps.access,
    weddings: deps.weddings,
    guests: deps.guests,
    client: createWhatsappClient(config, deps.fetch),
    storage: deps.storage,
    publicUrl: deps.config.publicUrl,
    logger: app.log,
    onSendOutcome: (outcome) => app.metrics.whatsappSends.inc({ outcome }),
  });
  deps.jobs.handle('whatsapp.send-invitation', (payload, context) =>
    service.sendInvitation(payload, context),
  );
  deps.jobs.handle('whatsapp.process-webhook', (payload) => service.processWebhook(payload));
  deps.jobs.handle('whatsapp.outbox-sweep', async () => {
    const requeued = await service.requeueOutbox(config.sendMaxAttempts);
    if (requeued > 0) app.log.warn({ requeued }, 'queued WhatsApp invitations without a send job given one');
  });
  if (service.connected) {
    // Invitations recorded while WhatsApp was not configured go out now that it is.
    app.addHook('onReady', async () => {
      const requeued = await service.requeueOutbox(config.sendMaxAttempts);
      if (requeued > 0) app.log.info({ requeued }, 'queued WhatsApp invitations scheduled for sending');
    });
  }
  await app.register(whatsappRoutes, {
    prefix: '/api',
    service,
    appSecret: config.appSecret,
    verifyToken: config.verifyToken,
    onWebhookQueued: () => deps.jobs.kick(),
  });
  return {
    forgetOwner: async (ownerId) => repository.deleteStatusEventsOfWeddings(await weddingIdsOf(ownerId)),
    async exportOf(ownerId) {
      const messages = await repository.messagesOfWeddings(await weddingIdsOf(ownerId));
      return [{ name: 'whatsapp-mesajlari.json', content: `${JSON.stringify(messages, null, 2)}\n` }];
    },
  };
}
