import { randomInt, randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { limits } from '@ani/contract/limits';
import type { Db } from '../../db/client.ts';
import { events, weddings } from '../../db/schema/index.ts';

export type WeddingRow = typeof weddings.$inferSelect;
export type NewWedding = Omit<typeof weddings.$inferInsert, 'id' | 'ownerId' | 'eventId' | 'createdAt' | 'updatedAt'>;

export function createWeddingsRepository(db: Db) {
  return {
    /**
     * The dashboard's create form: the event and its wedding in one transaction, so a failure
     * leaves neither behind. The event row is written here (not through the events module, which
     * this module must not import); its columns follow db/schema/events.ts.
     */
    async createEventWithWedding(input: {
      ownerId: string;
      title: string;
      eventDate: Date;
      wedding: NewWedding;
    }): Promise<{ weddingId: string; eventId: string }> {
      const eventId = randomUUID();
      const weddingId = randomUUID();
      await db.transaction(async (tx) => {
        await tx.insert(events).values({
          id: eventId,
          ownerId: input.ownerId,
          title: input.title,
          eventDate: input.eventDate,
          description: null,
          // Same stock covers the events module picks from (the web app ships them).
          coverImage: `/images/covers/cover-${randomInt(limits.stockCoverCount) + 1}.jpg`,
        });
        await tx.insert(weddings).values({ ...input.wedding, id: weddingId, ownerId: input.ownerId, eventId });
      });
      return { weddingId, eventId };
    },

    /** The host's current wedding: the most recently created one. */
    async findLatestByOwner(ownerId: string): Promise<WeddingRow | null> {
      const rows = await db
        .select()
        .from(weddings)
        .where(eq(weddings.ownerId, ownerId))
        .orderBy(desc(weddings.createdAt), desc(weddings.id))
        .limit(1);
      return rows[0] ?? null;
    },

    async findOwned(weddingId: string, ownerId: string): Promise<WeddingRow | null> {
      const rows = await db
        .select()
        .from(weddings)
        .where(and(eq(weddings.id, weddingId), eq(weddings.ownerId, ownerId)));
      return rows[0] ?? null;
    },

    /** Swaps the image key; answers the previous key so its object can be removed. */
    async setInvitationImage(weddingId: string, key: string): Promise<string | null> {
      return db.transaction(async (tx) => {
        const [current] = await tx
          .select({ key: weddings.invitationImageKey })
          .from(weddings)
          .where(eq(weddings.id, weddingId))
          .for('update');
        await tx.update(weddings).set({ invitationImageKey: key, updatedAt: new Date() }).where(eq(weddings.id, weddingId));
        return current?.key ?? null;
      });
    },
  };
}

export type WeddingsRepository = ReturnType<typeof createWeddingsRepository>;
