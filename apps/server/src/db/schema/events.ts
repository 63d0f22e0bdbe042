import { bigint, boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const events = pgTable(
  'events',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    eventDate: timestamp('event_date', { withTimezone: true }).notNull(),
    description: text('description'),
    // The stock cover (one of the contract's stockCovers); pages show it unless a custom one is set.
    coverImage: text('cover_image').notNull(),
    // A custom cover: the storage prefix of its derived files (`covers/<id>/<content hash>`), and the
    // widths they were made in. Null: the stock cover. The uploaded original is never kept.
    coverKey: text('cover_key'),
    coverWidths: integer('cover_widths').array(),
    isGalleryPublic: boolean('is_gallery_public').notNull().default(false),
    canAddPhotos: boolean('can_add_photos').notNull().default(true),
    autoApprovePhotos: boolean('auto_approve_photos').notNull().default(true),
    // The table-card design the couple chose (one of the contract's cardThemeIds); null until chosen.
    cardTheme: text('card_theme'),
    // Equal to the number of media rows, changed only in the transaction that inserts or deletes them;
    // once the album is archived it keeps the count the album had, as a record of what was shared.
    photoCount: integer('photo_count').notNull().default(0),
    // Items waiting for the owner's approval, kept by the same transactions as photo_count.
    pendingCount: integer('pending_count').notNull().default(0),
    // Retention: the smallest "days before removal" warning already scheduled (30, then 7); reset
    // when the date changes, so a moved wedding is warned again.
    retentionNoticeDays: integer('retention_notice_days'),
    // When the morning-after summary mail was queued (once per event, whatever the instances).
    summaryMailedAt: timestamp('summary_mailed_at', { withTimezone: true }),
    // Set when the retention period ended: the album's files are (being) removed, the event stays.
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    // Always the sum of the media rows' sizes, kept beside photo_count by the same transactions; the
    // per-event quota is checked against it in the upload's commit.
    bytesUsed: bigint('bytes_used', { mode: 'number' }).notNull().default(0),
    // The wall link's generation: renewing the link raises it, and a wall token signed for another
    // generation is refused. 0 is the tokens made before links could be renewed (they carry none).
    wallLinkVersion: integer('wall_link_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('events_owner_date_idx').on(t.ownerId, t.eventDate.desc()),
    index('events_retention_idx').on(t.archivedAt, t.eventDate),
  ],
);
