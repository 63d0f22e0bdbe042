import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { GuestStatus, InvitationStatus } from '@ani/contract/guests';
import type { Db, Tx } from '../../db/client.ts';
import type { guestStatusValues} from '../../db/schema/index.ts';
import { guests, weddings, whatsappJobKinds, whatsappMessages } from '../../db/schema/index.ts';
import { enqueue } from '../../jobs/jobs.ts';

type StoredStatus = (typeof guestStatusValues)[number];
export type WeddingRow = typeof weddings.$inferSelect;

// One canonical value in the database (ASCII), the update vocabulary on the wire.
const toStored: Record<GuestStatus, StoredStatus> = {
  belirsiz: 'belirsiz',
  katılacak: 'katilacak',
  katılamayacak: 'katilamayacak',
  ulaşılamayan: 'ulasilamayan',
};
const fromStored: Record<StoredStatus, GuestStatus> = {
  belirsiz: 'belirsiz',
  katilacak: 'katılacak',
  katilamayacak: 'katılamayacak',
  ulasilamayan: 'ulaşılamayan',
};

export type GuestRecord = {
  id: string;
  index: number;
  name: string;
  phone: string;
  status: GuestStatus;
  guestCount: number;
  expectedGuestCount: number;
};

const toRecord = (row: typeof guests.$inferSelect): GuestRecord => ({
  id: row.id,
  index: row.position,
  name: row.name,
  phone: row.phone,
  status: fromStored[row.status],
  guestCount: row.guestCount,
  expectedGuestCount: row.expectedGuestCount,
});

function isUniqueViolation(error: unknown): boolean {
  const e = (error as { cause?: { code?: string } } | undefined)?.cause ?? (error as { code?: string } | undefined);
  return e?.code === '23505';
}

/** Adds and deletes lock the wedding row: the approval check and the order numbers stay consistent. */
async function lockWedding(tx: Tx, weddingId: string) {
  const [row] = await tx.select().from(weddings).where(eq(weddings.id, weddingId)).for('update');
  return row ?? null;
}

export type InvitationDraft = { guestId: string; phone: string; body: string };

export function createGuestsRepository(db: Db) {
  return {
    async weddingsOfOwner(ownerId: string): Promise<WeddingRow[]> {
      return db.select().from(weddings).where(eq(weddings.ownerId, ownerId)).orderBy(asc(weddings.createdAt));
    },

    async findOwnedWedding(weddingId: string, ownerId: string): Promise<WeddingRow | null> {
      const rows = await db
        .select()
        .from(weddings)
        .where(and(eq(weddings.id, weddingId), eq(weddings.ownerId, ownerId)));
      return rows[0] ?? null;
    },

    async list(weddingId: string): Promise<(GuestRecord & { invitationStatus: InvitationStatus | null })[]> {
      const rows = await db.select().from(guests).where(eq(guests.weddingId, weddingId)).orderBy(asc(guests.position));
      const invitations = await db
        .select({ guestId: whatsappMessages.guestId, status: whatsappMessages.status })
        .from(whatsappMessages)
        .where(and(eq(whatsappMessages.weddingId, weddingId), eq(whatsappMessages.kind, 'invitation')))
        .orderBy(asc(whatsappMessages.createdAt));
      // The latest invitation of each guest wins.
      const byGuest = new Map<string, InvitationStatus>();
      for (const i of invitations) if (i.guestId && i.status !== 'received') byGuest.set(i.guestId, i.status);
      return rows.map((row) => ({ ...toRecord(row), invitationStatus: byGuest.get(row.id) ?? null }));
    },

    async add(
      weddingId: string,
      data: { name: string; phone: string; status: GuestStatus; guestCount: number; expectedGuestCount: number },
    ): Promise<{ ok: true; guest: GuestRecord } | { ok: false; reason: 'locked' | 'duplicate' | 'missing' }> {
      try {
        return await db.transaction(async (tx) => {
          const wedding = await lockWedding(tx, weddingId);
          if (!wedding) return { ok: false as const, reason: 'missing' as const };
          if (wedding.guestListApproved) return { ok: false as const, reason: 'locked' as const };
          const [{ next }] = (await tx
            .select({ next: sql<number>`coalesce(max(${guests.position}), 0) + 1` })
            .from(guests)
            .where(eq(guests.weddingId, weddingId))) as [{ next: number }];
          const [row] = await tx
            .insert(guests)
            .values({ ...data, id: randomUUID(), weddingId, position: Number(next), status: toStored[data.status] })
            .returning();
          return { ok: true as const, guest: toRecord(row!) };
        });
      } catch (error) {
        if (isUniqueViolation(error)) return { ok: false, reason: 'duplicate' };
        throw error;
      }
    },

    /** Deletes by phone and closes the gap in the order numbers, in one transaction. */
    async remove(weddingId: string, phone: string): Promise<'deleted' | 'locked' | 'not-found'> {
      return db.transaction(async (tx) => {
        const wedding = await lockWedding(tx, weddingId);
        if (!wedding) return 'not-found';
        if (wedding.guestListApproved) return 'locked';
        const [deleted] = await tx
          .delete(guests)
          .where(and(eq(guests.weddingId, weddingId), eq(guests.phone, phone)))
          .returning({ position: guests.position });
        if (!deleted) return 'not-found';
        await tx
          .update(guests)
          .set({ position: sql`${guests.position} - 1` })
          .where(and(eq(guests.weddingId, weddingId), gt(guests.position, deleted.position)));
        return 'deleted';
      });
    },

    /** Updates the guest at `index` only when the phone matches too: a stale list edits nobody else. */
    async update(
      weddingId: string,
      index: number,
      phone: string,
      patch: { name: string; status: GuestStatus; guestCount: number },
    ): Promise<GuestRecord | null> {
      const [row] = await db
        .update(guests)
        .set({ name: patch.name, status: toStored[patch.status], guestCount: patch.guestCount, updatedAt: new Date() })
        .where(and(eq(guests.weddingId, weddingId), eq(guests.position, index), eq(guests.phone, phone)))
        .returning();
      return row ? toRecord(row) : null;
    },

    /**
     * Approves once. In the same transaction every guest gets a queued invitation (the outbox row)
     * and a durable send job, so an approval never exists without its invitations or vice versa.
     */
    async approve(
      weddingId: string,
      draft: (wedding: WeddingRow, guest: GuestRecord) => InvitationDraft,
      maxAttempts: number,
    ): Promise<{ alreadyApproved: boolean; guestTotal: number; peopleTotal: number; queued: number } | null> {
      return db.transaction(async (tx) => {
        const wedding = await lockWedding(tx, weddingId);
        if (!wedding) return null;
        const rows = (await tx.select().from(guests).where(eq(guests.weddingId, weddingId)).orderBy(asc(guests.position))).map(
          toRecord,
        );
        const totals = {
          guestTotal: rows.length,
          peopleTotal: rows.reduce((sum, g) => sum + g.expectedGuestCount, 0),
        };
        if (wedding.guestListApproved) return { alreadyApproved: true, ...totals, queued: 0 };
        const now = new Date();
        await tx
          .update(weddings)
          .set({ guestListApproved: true, approvedAt: now, updatedAt: now })
          .where(and(eq(weddings.id, weddingId), eq(weddings.guestListApproved, false)));
        for (const guest of rows) {
          const invitation = draft(wedding, guest);
          const id = randomUUID();
          await tx.insert(whatsappMessages).values({
            id,
            weddingId,
            guestId: invitation.guestId,
            phone: invitation.phone,
            direction: 'outbound',
            kind: 'invitation',
            body: invitation.body,
            status: 'queued',
            occurredAt: now,
          });
          await enqueue(tx, whatsappJobKinds.sendInvitation, { messageId: id }, { maxAttempts });
        }
        return { alreadyApproved: false, ...totals, queued: rows.length };
      });
    },

    /** "Katılacak" counts people (sum of guest counts); the other cards count rows. */
    async statistics(weddingId: string) {
      const rows = await db
        .select({
          status: guests.status,
          rows: sql<number>`count(*)::int`,
          people: sql<number>`coalesce(sum(${guests.guestCount}), 0)::int`,
        })
        .from(guests)
        .where(eq(guests.weddingId, weddingId))
        .groupBy(guests.status);
      const of = (s: StoredStatus) => rows.find((r) => r.status === s);
      return {
        katılacak: Number(of('katilacak')?.people ?? 0),
        katılamayacak: Number(of('katilamayacak')?.rows ?? 0),
        belirsiz: Number(of('belirsiz')?.rows ?? 0),
        ulaşılamadı: Number(of('ulasilamayan')?.rows ?? 0),
      };
    },
  };
}

export type GuestsRepository = ReturnType<typeof createGuestsRepository>;
