import type { Db, Tx } from '../../db/client.ts';
import { createWhatsappOutboxRepository, type InvitationDraft } from './whatsapp.outbox.repository.ts';
import { createWhatsappRepository } from './whatsapp.repository.ts';

export type { InvitationDraft };

/**
 * What other modules may ask of the WhatsApp module, the only one that touches the
 * `whatsapp_messages` and `whatsapp_status_events` tables: the guests module queues a list's
 * invitations when it is approved and shows each guest's invitation status.
 */
export function createWhatsappApi(db: Db, options: { sendMaxAttempts: number }) {
  const repo = createWhatsappRepository(db);
  const outbox = createWhatsappOutboxRepository(db);
  return {
    /** In the approval's transaction: one outbox row and one send job per invitation. */
    queueInvitations: (tx: Tx, weddingId: string, drafts: InvitationDraft[]) =>
      outbox.queueInvitations(tx, weddingId, drafts, options.sendMaxAttempts),
    latestInvitationStatuses: (weddingId: string) => repo.latestInvitationStatuses(weddingId),
  };
}

export type WhatsappApi = ReturnType<typeof createWhatsappApi>;
