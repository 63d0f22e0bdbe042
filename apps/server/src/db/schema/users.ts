import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    username: text('username').notNull(),
    // Turkish-folded username: "İPEK" and "ipek" are the same host (see turkishFold).
    usernameKey: text('username_key').notNull(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number').notNull(),
    passwordHash: text('password_hash').notNull(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    // The host confirmed "delete my account": everything goes at this moment unless cancelled before.
    deletionScheduledAt: timestamp('deletion_scheduled_at', { withTimezone: true }),
    // The latest "Verilerimi İndir" archive in the store (removed when it expires or the account goes).
    dataExportKey: text('data_export_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email), uniqueIndex('users_username_key').on(t.usernameKey)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Only the SHA-256 of the bearer token is stored; a database leak yields no usable token.
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_id_idx').on(t.userId)],
);

export const emailTokens = pgTable(
  'email_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // email_change_cancel: the old address's link; new_email then holds the address to restore.
    purpose: text('purpose', {
      enum: ['activation', 'password_reset', 'email_change', 'email_change_cancel', 'account_deletion'],
    }).notNull(),
    tokenHash: text('token_hash').notNull(),
    newEmail: text('new_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('email_tokens_token_hash_key').on(t.tokenHash),
    index('email_tokens_user_id_idx').on(t.userId),
  ],
);
