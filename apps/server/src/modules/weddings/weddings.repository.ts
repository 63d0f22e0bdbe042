import { randomInt, randomUUID } from 'node:crypto';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
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

    /**
     * A wedding for an event the host made on the events page. The form's title and date become the
     * event's, so the album and the wedding tell the same story.
     */
    async attachWeddingToEvent(input: {
      ownerId: string;
      eventId: string;
      title: string;
      eventDate: Date;
      wedding: NewWedding;
    }): Promise<{ weddingId: string; eventId: string } | 'event-not-found' | 'has-wedding'> {
      const weddingId = randomUUID();
      return db.transaction(async (tx) => {
        const [event] = await tx
          .select({ id: events.id })
          .from(events)
          .where(and(eq(events.id, input.eventId), eq(events.ownerId, input.ownerId)))
          .for('update');
        if (!event) return 'event-not-found' as const;
        const [existing] = await tx.select({ id: weddings.id }).from(weddings).where(eq(weddings.eventId, input.eventId));
        if (existing) return 'has-wedding' as const;
        await tx
          .update(events)
          .set({ title: input.title, eventDate: input.eventDate, updatedAt: new Date() })
          .where(eq(events.id, input.eventId));
        await tx.insert(weddings).values({ ...input.wedding, id: weddingId, ownerId: input.ownerId, eventId: input.eventId });
        return { weddingId, eventId: input.eventId };
      });
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

    async listByOwner(ownerId: string): Promise<WeddingRow[]> {
      return db.select().from(weddings).where(eq(weddings.ownerId, ownerId)).orderBy(weddings.createdAt);
    },

    /** The stored invitation images of every wedding of an owner (account deletion removes them). */
    async invitationImageKeysOf(ownerId: string): Promise<string[]> {
      const rows = await db
        .select({ key: weddings.invitationImageKey })
        .from(weddings)
        .where(and(eq(weddings.ownerId, ownerId), isNotNull(weddings.invitationImageKey)));
      return rows.map((r) => r.key!);
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
