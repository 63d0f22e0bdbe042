import type { Db, Tx } from '../../db/client.ts';
import { createWhatsappOutboxRepository, type InvitationDraft } from './whatsapp.outbox.repository.ts';
import { createWhatsappRepository } from './whatsapp.repository.ts';

export type { InvitationDraft };

/**
 * What other modules may ask of the WhatsApp module, the only one that touches the
 * `whatsapp_messages` and `whatsapp_status_events` tables: the guests module queues a list's
 * invitations when it is approved, shows each guest's invitation status and erases a deleted
 * guest's conversation; the events module removes what a deleted event's wedding leaves here.
 */
export function createWhatsappApi(db: Db, options: { sendMaxAttempts: number }) {
  const repo = createWhatsappRepository(db);
  const outbox = createWhatsappOutboxRepository(db);
  return {
    /** In the approval's transaction: one outbox row and one send job per invitation. */
    queueInvitations: (tx: Tx, weddingId: string, drafts: InvitationDraft[]) =>
      outbox.queueInvitations(tx, weddingId, drafts, options.sendMaxAttempts),
    latestInvitationStatuses: (weddingId: string) => repo.latestInvitationStatuses(weddingId),
    /**
     * In the transaction that deletes these weddings (with their event): removes their delivery
     * reports, which no cascade reaches, while their messages still say which reports are theirs.
     */
    forgetWeddings: (tx: Tx, weddingIds: string[]) => repo.deleteStatusEventsOfWeddings(weddingIds, tx),
    /**
     * In the transaction that deletes a guest: their conversation with the wedding goes with the
     * record (a queued invitation is then never sent).
     */
    forgetConversation: (tx: Tx, weddingId: string, phone: string) =>
      repo.deleteConversation(tx, weddingId, phone),
  };
}

export type WhatsappApi = ReturnType<typeof createWhatsappApi>;
