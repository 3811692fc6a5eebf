import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Process-wide settings shared by every server process: system mode, app timestamp. */
export const systemSettings = pgTable('system_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
