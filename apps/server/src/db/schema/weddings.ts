import { boolean, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { events } from './events.ts';
import { users } from './users.ts';

/**
 * A wedding belongs to exactly one event (made together in one transaction); deleting the event
 * deletes the wedding, its guests and its WhatsApp history.
 */
export const weddings = pgTable(
  'weddings',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    venueName: text('venue_name').notNull(),
    venueLocation: text('venue_location').notNull(),
    brideName: text('bride_name').notNull(),
    brideSurname: text('bride_surname').notNull(),
    groomName: text('groom_name').notNull(),
    groomSurname: text('groom_surname').notNull(),
    weddingDate: date('wedding_date', { mode: 'string' }).notNull(),
    // 'HH:MM', 24-hour, local time in Türkiye.
    weddingTime: text('wedding_time').notNull(),
    capacity: integer('capacity').notNull(),
    invitationImageKey: text('invitation_image_key'),
    // One-way: once true it never goes back (the service refuses, the update is guarded in SQL).
    guestListApproved: boolean('guest_list_approved').notNull().default(false),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('weddings_event_id_key').on(t.eventId),
    index('weddings_owner_idx').on(t.ownerId, t.createdAt),
  ],
);
