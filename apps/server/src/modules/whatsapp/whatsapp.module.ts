import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import type { OwnerAccess } from '../../http/owner-access.ts';
import type { AppJobRunner } from '../../jobs/jobs.ts';
import type { GuestsApi } from '../guests/guests.public.ts';
import type { WeddingsApi } from '../weddings/weddings.public.ts';
import { createWhatsappClient } from './whatsapp.client.ts';
import { createWhatsappRepository } from './whatsapp.repository.ts';
import { whatsappRoutes } from './whatsapp.routes.ts';
import { createWhatsappService } from './whatsapp.service.ts';

/**
 * WhatsApp Business Cloud API: sends the invitations the guest list's approval queued, records
 * replies and delivery statuses from the webhook, shows conversations and delivery counts.
 */
export async function registerWhatsappModule(
  app: FastifyInstance,
  deps: AppDeps & {
    jobs: AppJobRunner;
    access: OwnerAccess;
    weddings: WeddingsApi;
    guests: GuestsApi;
    fetch?: typeof fetch;
  },
): Promise<void> {
  const config = deps.config.whatsapp;
  const service = createWhatsappService({
    repository: createWhatsappRepository(deps.db),
    access: deps.access,
    weddings: deps.weddings,
    guests: deps.guests,
    client: createWhatsappClient(config, deps.fetch),
    storage: deps.storage,
    publicUrl: deps.config.publicUrl,
    logger: app.log,
  });
  deps.jobs.handle('whatsapp.send-invitation', (payload, context) => service.sendInvitation(payload, context));
  deps.jobs.handle('whatsapp.process-webhook', (payload) => service.processWebhook(payload));
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
}
