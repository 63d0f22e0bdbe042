import {
  bigint,
  bigserial,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { events } from './events.ts';

export const media = pgTable(
  'media',
  {
    id: text('id').primaryKey(),
    // Insertion order: the album's stable newest-first order and its paging cursor.
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    objectKey: text('object_key').notNull(),
    originalName: text('original_name'),
    type: text('type', { enum: ['image', 'video'] }).notNull(),
    mimeType: text('mime_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    // CRC-32 of the original, for the album ZIP's headers (which must be known before its bytes so
    // a download can resume mid-archive). Null for rows from before it was recorded: filled in the
    // first time such an album is downloaded.
    crc32: bigint('crc32', { mode: 'number' }),
    width: integer('width'),
    height: integer('height'),
    durationMs: integer('duration_ms'),
    uploader: text('uploader'),
    // The guest's phone (a guest token's id) that uploaded the item; null for the multipart path
    // without a token and for rows from before guests were known.
    guestId: text('guest_id'),
    // 'pending' while the owner's approval is awaited: such an item reaches no guest, wall or public count.
    status: text('status', { enum: ['pending', 'approved'] })
      .notNull()
      .default('approved'),
    note: text('note'),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    thumbnailKey: text('thumbnail_key'),
    previewKey: text('preview_key'),
    processingState: text('processing_state', { enum: ['pending', 'done', 'failed'] })
      .notNull()
      .default('pending'),
  },
  (t) => [
    uniqueIndex('media_object_key_key').on(t.objectKey),
    index('media_event_seq_idx').on(t.eventId, t.seq.desc()),
    index('media_event_guest_idx').on(t.eventId, t.guestId),
    index('media_event_sha256_idx').on(t.eventId, t.sha256),
  ],
);

/**
 * Guests who sent bytes an album already held: the album keeps one item, but each of them gave it.
 * When the item's own guest takes it back from their uploads, it passes to the earliest of these
 * (with their name and note) instead of leaving the album, and that guest sees it among their own.
 * Removed with the item.
 */
export const mediaCoUploads = pgTable(
  'media_co_uploads',
  {
    mediaId: text('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    guestId: text('guest_id').notNull(),
    uploader: text('uploader').notNull(),
    note: text('note'),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.mediaId, t.guestId] })],
);

/**
 * The live wall's log: one row per change a wall must hear of (`photo`: an approved item became
 * showable; `removed`: an item left the album), written in the transaction of the change. Its id is
 * the SSE event id, so a wall that reconnects with `Last-Event-ID` reads exactly what it missed.
 * Rows of one event get their ids in commit order (an advisory lock per event, see
 * live.repository.ts). Pruned after a day. No foreign keys: a log insert must never wait on the
 * event row's locks, and rows of a deleted event simply age out.
 */
export const mediaLiveEvents = pgTable(
  'media_live_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: text('event_id').notNull(),
    kind: text('kind', { enum: ['photo', 'removed'] }).notNull(),
    mediaId: text('media_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('media_live_events_event_idx').on(t.eventId, t.id),
    index('media_live_events_created_idx').on(t.createdAt),
  ],
);
