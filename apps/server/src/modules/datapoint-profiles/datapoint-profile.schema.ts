import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * A datapoint profile: a named selection of supplier datapoints (columns) a data download
 * includes. Issuers name one for each of their three downloads.
 */
export const datapointProfiles = pgTable('datapoint_profiles', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Stable key of a shipped default, so storing the defaults again never duplicates them. */
  profileKey: text('profile_key').notNull().unique(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  datapoints: text('datapoints')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
