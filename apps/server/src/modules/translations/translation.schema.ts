import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/user.schema.js';

/**
 * An admin's override of one UI string in one language (SPEC §2 Analysis admin, translations).
 * The key is the English text the web passes to i18next; the shipped translations live in
 * `catalogue/` and are never stored here.
 */
export const translationOverrides = pgTable(
  'translation_overrides',
  {
    language: text('language').notNull(),
    key: text('key').notNull(),
    text: text('text').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    /** Who saved it, as they were named then. */
    updatedByUsername: text('updated_by_username'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.language, t.key] })],
);

/** A user's own choice of UI language; without a row they see their issuer's language. */
export const userLanguages = pgTable('user_languages', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  language: text('language').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
