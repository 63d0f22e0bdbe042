import type { Db, Tx } from '../../db/client.ts';
import { createMediaRepository } from './media.repository.ts';

/** What other modules may ask of the media module, the only one that touches the `media` table. */
export function createMediaApi(db: Db) {
  const repo = createMediaRepository(db);
  return {
    /**
     * Deletes every item of an event, in the caller's transaction (the event's own deletion), and
     * schedules the removal of their stored objects. Answers how many items there were.
     */
    deleteAllForEvent: (tx: Tx, eventId: string) => repo.deleteAllForEvent(tx, eventId),
  };
}

export type MediaApi = ReturnType<typeof createMediaApi>;
