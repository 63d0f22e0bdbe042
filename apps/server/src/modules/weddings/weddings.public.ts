import type { Db, Tx } from '../../db/client.ts';
import { createWeddingsRepository, type WeddingRow } from './weddings.repository.ts';

export type { WeddingRow };

/**
 * What other modules may ask of the weddings module, the only one that touches the `weddings`
 * table. Methods taking a `tx` run inside the caller's transaction.
 */
export function createWeddingsApi(db: Db) {
  const repo = createWeddingsRepository(db);
  return {
    /** The wedding when this user owns it, otherwise null (see http/owner-access.ts). */
    findOwned: (weddingId: string, ownerId: string) => repo.findOwned(weddingId, ownerId),
    findById: (weddingId: string) => repo.findById(weddingId),
    /** Every wedding of an owner, oldest first (the host's data archive and account deletion). */
    listByOwner: (ownerId: string) => repo.listByOwner(ownerId),
    /** Guest-list adds, deletes and the approval take turns on the wedding row. */
    lockForUpdate: (tx: Tx, weddingId: string) => repo.lockForUpdate(tx, weddingId),
    /**
     * In the transaction that deletes an event: schedules the removal of its wedding's stored files
     * (the row itself goes by cascade) and answers the wedding's id, so the modules keeping rows
     * no cascade reaches can drop theirs in the same transaction.
     */
    releaseEvent: (tx: Tx, eventId: string) => repo.releaseEvent(tx, eventId),
    /** Approves the guest list, once and for good. */
    markGuestListApproved: (tx: Tx, weddingId: string) => repo.markGuestListApproved(tx, weddingId),
  };
}

export type WeddingsApi = ReturnType<typeof createWeddingsApi>;
