import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { guests } from './guests.ts';
import { weddings } from './weddings.ts';

/**
 * Every WhatsApp message of a wedding, both ways. Outbound rows are also the outbox: an invitation
 * is inserted as "queued" when the list is approved and stays so until a send succeeds (or forever,
 * when WhatsApp is not configured).
 */
export const whatsappMessages = pgTable(
  'whatsapp_messages',
  {
    id: text('id').primaryKey(),
    weddingId: text('wedding_id')
      .notNull()
      .references(() => weddings.id, { onDelete: 'cascade' }),
    guestId: text('guest_id').references(() => guests.id, { onDelete: 'set null' }),
    // E.164, as stored on the guest.
    phone: text('phone').notNull(),
    direction: text('direction', { enum: ['outbound', 'inbound'] }).notNull(),
    kind: text('kind', { enum: ['invitation', 'text', 'button', 'other'] }).notNull(),
    body: text('body').notNull(),
    status: text('status', { enum: ['queued', 'sent', 'delivered', 'read', 'failed', 'received'] }).notNull(),
    // The provider's id ("wamid…"): unique within a wedding, so a repeated webhook delivery cannot
    // record a message twice (an unmatched reply is stored once in each of its weddings).
    providerMessageId: text('provider_message_id'),
    // Inbound replies: the id of the message replied to (a button reply points at its invitation).
    contextMessageId: text('context_message_id'),
    // The RSVP this inbound message carried, if any (katilacak/katilamayacak/belirsiz).
    rsvp: text('rsvp'),
    // Inbound without context from a number that is a guest of several weddings: stored in each of
    // them for the hosts to read, but it answers no invitation and changes no RSVP.
    unmatched: boolean('unmatched').notNull().default(false),
    attempts: integer('attempts').notNull().default(0),
    // Outbound: while a worker is sending, no other may (a second job for the same message waits).
    sendingUntil: timestamp('sending_until', { withTimezone: true }),
    lastError: text('last_error'),
    // When it happened: the provider's timestamp for inbound messages, the send time for outbound.
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('whatsapp_messages_provider_id_key').on(t.providerMessageId, t.weddingId),
    index('whatsapp_messages_conversation_idx').on(t.weddingId, t.phone, t.occurredAt),
    index('whatsapp_messages_guest_idx').on(t.guestId),
  ],
);

/**
 * Every status report received, once per (message, status): repeated deliveries are dropped by the
 * unique key, and the message's status is always the highest one seen, whatever the arrival order.
 */
export const whatsappStatusEvents = pgTable(
  'whatsapp_status_events',
  {
    id: text('id').primaryKey(),
    providerMessageId: text('provider_message_id').notNull(),
    status: text('status', { enum: ['sent', 'delivered', 'read', 'failed'] }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    errorText: text('error_text'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('whatsapp_status_events_key').on(t.providerMessageId, t.status)],
);
