import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { whatsappJobKinds } from '../../db/schema/whatsapp.ts';
import type { JobRunner } from '../../jobs/jobs.ts';
import { createWhatsappClient } from './whatsapp.client.ts';
import { createWhatsappRepository } from './whatsapp.repository.ts';
import { whatsappRoutes } from './whatsapp.routes.ts';
import { createWhatsappService } from './whatsapp.service.ts';

/**
 * WhatsApp Business Cloud API: sends the invitations the guest list's approval queued, records
 * replies and delivery statuses from the webhook, shows conversations and delivery counts.
 */
export type WhatsappApi = {
  /** Removes what no cascade reaches for an owner's weddings (delivery reports). */
  forgetOwner(ownerId: string): Promise<void>;
  /** The conversations in a host's data archive. */
  exportOf(ownerId: string): Promise<{ name: string; content: string }[]>;
};

export async function registerWhatsappModule(
  app: FastifyInstance,
  deps: AppDeps & { jobs: JobRunner; fetch?: typeof fetch },
): Promise<WhatsappApi> {
  const config = deps.config.whatsapp;
  const repository = createWhatsappRepository(deps.db);
  const service = createWhatsappService({
    repository,
    client: createWhatsappClient(config, deps.fetch),
    storage: deps.storage,
    publicUrl: deps.config.publicUrl,
    logger: app.log,
  });
  deps.jobs.register(whatsappJobKinds.sendInvitation, (payload, context) => service.sendInvitation(payload, context));
  deps.jobs.register(whatsappJobKinds.processWebhook, (payload) => service.processWebhook(payload));
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
    forgetOwner: (ownerId) => repository.deleteStatusEventsOfOwner(ownerId),
    async exportOf(ownerId) {
      const messages = await repository.messagesOfOwner(ownerId);
      return [{ name: 'whatsapp-mesajlari.json', content: `${JSON.stringify(messages, null, 2)}\n` }];
    },
  };
}
