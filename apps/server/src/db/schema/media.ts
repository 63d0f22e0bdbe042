import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
  ],
);
