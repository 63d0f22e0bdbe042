import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { weddings } from './weddings.ts';

/** Stored status values (ASCII); the API speaks the Turkish vocabularies and maps to these. */
export const guestStatusValues = ['belirsiz', 'katilacak', 'katilamayacak', 'ulasilamayan'] as const;

export const guests = pgTable(
  'guests',
  {
    id: text('id').primaryKey(),
    weddingId: text('wedding_id')
      .notNull()
      .references(() => weddings.id, { onDelete: 'cascade' }),
    // The display order number ("index"): 1..n without gaps; a delete closes the gap in the same
    // transaction. Adds and deletes lock the wedding row, so no two writers pick the same number.
    position: integer('position').notNull(),
    name: text('name').notNull(),
    // E.164 (+905XXXXXXXXX): one spelling per number, so the duplicate check is exact.
    phone: text('phone').notNull(),
    status: text('status', { enum: guestStatusValues }).notNull().default('belirsiz'),
    guestCount: integer('guest_count').notNull().default(0),
    expectedGuestCount: integer('expected_guest_count').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('guests_wedding_phone_key').on(t.weddingId, t.phone),
    index('guests_wedding_position_idx').on(t.weddingId, t.position),
  ],
);
