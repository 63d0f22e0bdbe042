import { randomUUID } from 'node:crypto';
import type { SQLWrapper } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { createEventsRepository, type EventRow } from './events.repository.ts';

export type { EventRow };

/**
 * What other modules may ask of the events module, the only one that touches the `events` table.
 * Methods taking a `tx` run inside the caller's transaction, so work that spans modules (a wedding
 * and its event, an upload and the photo count) stays atomic.
 */
export function createEventsApi(db: Db) {
  const repo = createEventsRepository(db);
  return {
    /** The event when this user owns it, otherwise null (see http/owner-access.ts). */
    findOwned: (eventId: string, ownerId: string) => repo.findOwned(eventId, ownerId),
    findById: (eventId: string) => repo.findById(eventId),
    /**
     * Whether an event takes uploads now (null: no such event), asked inside another module's own
     * query: `eventId` is that query's column or value. A check that comes with the caller's own
     * read costs no statement of its own, and is as fresh as that read.
     */
    takesUploads: (eventId: SQLWrapper) => repo.takesUploads(eventId),
    /** The ids of the owner's events (a wedding created without an event title looks for its event). */
    ownedIds: async (ownerId: string) => (await repo.listByOwner(ownerId)).map((e) => e.id),

    /**
     * Makes every wall link of the event made so far stop working: raises its wall link generation
     * (`wallLinkVersion`) and answers the new one, which new links are signed for. Null: no such event.
     */
    renewWallLink: (eventId: string, tx?: Tx) => repo.renewWallLink(eventId, tx),

    /** Creates an event for a wedding, with a stock cover. Answers the new event's id. */
    async createForWedding(
      tx: Tx,
      input: { ownerId: string; title: string; eventDate: Date },
    ): Promise<string> {
      const row = await repo.insert({ id: randomUUID(), ...input, description: null }, tx);
      return row.id;
    },

    /** Locks the owner's event for the caller's transaction; false when it is missing or not theirs. */
    lockOwned: (tx: Tx, eventId: string, ownerId: string) => repo.lockOwned(tx, eventId, ownerId),

    /**
     * A wedding's title and date become its event's, so the album and the wedding tell the same story.
     * Without a title (the LCV body names none) the event keeps its own.
     */
    async retitle(
      tx: Tx,
      eventId: string,
      ownerId: string,
      input: { title: string | undefined; eventDate: Date },
    ): Promise<void> {
      await repo.updateOwned(eventId, ownerId, input.title ? input : { eventDate: input.eventDate }, tx);
    },

    /**
     * Counts newly uploaded items and their bytes, only while uploads are open and the quota holds;
     * answers `approved` or `pending` from the event's approval setting read by the same statement.
     */
    addPhotos: (tx: Tx, eventId: string, n: number, bytes: number, quota: { bytes: number; items: number }) =>
      repo.addPhotos(tx, eventId, n, bytes, quota),
    /** Uncounts deleted items (approved and pending apart) and their bytes; answers the new counts. */
    removePhotos: (tx: Tx, eventId: string, removed: { approved: number; pending: number }, bytes: number) =>
      repo.removePhotos(tx, eventId, removed, bytes),
    /** Moves `n` items the owner just approved from the pending count to the album's; answers both. */
    approvePhotos: (tx: Tx, eventId: string, n: number) => repo.approvePhotos(tx, eventId, n),
  };
}

export type EventsApi = ReturnType<typeof createEventsApi>;
