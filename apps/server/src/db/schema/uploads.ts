import {
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { events } from './events.ts';

/**
 * One guest's selection of files, checked once against the upload rules before any byte is sent;
 * its files then arrive one by one over tus. Swept with its unfinished bytes when it expires.
 */
export const submissions = pgTable(
  'submissions',
  {
    id: text('id').primaryKey(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    // The guest token's id: every accepted file's media row carries it.
    guestId: text('guest_id').notNull(),
    uploader: text('uploader').notNull(),
    note: text('note'),
    // The address whose hourly byte budget the declared bytes were taken from: a refused file gives
    // its share back.
    clientIp: text('client_ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('submissions_expires_idx').on(t.expiresAt)],
);

/** The declared files of a submission and where each stands. */
export const submissionFiles = pgTable(
  'submission_files',
  {
    submissionId: text('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    // Position in the declared list.
    position: integer('position').notNull(),
    name: text('name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    // What the browser declared (the server decides again from the bytes).
    declaredType: text('declared_type').notNull(),
    // The tus upload receiving this file's bytes, once its creation was accepted.
    uploadId: text('upload_id'),
    state: text('state', { enum: ['waiting', 'receiving', 'accepted', 'duplicate', 'refused'] })
      .notNull()
      .default('waiting'),
    // What the bytes turned out to be, once accepted (the per-kind limits count these).
    kind: text('kind', { enum: ['image', 'video'] }),
    reason: text('reason'),
    // The album item it became (or the one it duplicates).
    mediaId: text('media_id'),
  },
  (t) => [
    primaryKey({ columns: [t.submissionId, t.position] }),
    uniqueIndex('submission_files_upload_key').on(t.uploadId),
  ],
);
