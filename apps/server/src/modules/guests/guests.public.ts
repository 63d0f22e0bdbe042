import type { Db, Tx } from '../../db/client.ts';
import { createGuestsRepository, type GuestRow, type StoredStatus } from './guests.repository.ts';

export type { GuestRow };
/** A reply a guest can give by WhatsApp, in the stored (ASCII) spelling. */
export type Rsvp = Extract<StoredStatus, 'katilacak' | 'katilamayacak' | 'belirsiz'>;

/**
 * What other modules may ask of the guests module, the only one that touches the `guests` table:
 * the WhatsApp module reads the guest a message is from, applies replies and marks numbers that
 * cannot be reached. Methods taking a `tx` run inside the caller's transaction.
 */
export function createGuestsApi(db: Db) {
  const repo = createGuestsRepository(db);
  return {
    findById: (guestId: string) => repo.findById(guestId),
    lockForUpdate: (tx: Tx, guestId: string) => repo.lockForUpdate(tx, guestId),
    applyRsvp: (tx: Tx, guest: GuestRow, rsvp: Rsvp) => repo.applyRsvp(tx, guest, rsvp),
    markUnreachable: (guestId: string) => repo.markUnreachable(guestId),
  };
}

export type GuestsApi = ReturnType<typeof createGuestsApi>;
