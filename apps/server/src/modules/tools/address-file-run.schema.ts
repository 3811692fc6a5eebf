import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/user.schema.js';

const tz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Address files over the in-request limit (SPEC §2 Tools, 10,000 rows): the upload is stored
 * under `address-files/<id>/upload`, the ProcessAddressFile command splits or checks every row
 * into `address-files/<id>/<resultFileName>`. Only the user who sent it sees it; the row goes
 * with the user.
 */
export const addressFileRuns = pgTable(
  'address_file_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** parse or validate. */
    operation: text('operation').notNull(),
    fileName: text('file_name').notNull(),
    /** The query options of the upload (column, countryColumn, country, defaultCountry). */
    options: jsonb('options').$type<Record<string, string>>().notNull().default({}),
    uploadKey: text('upload_key').notNull(),
    /** Queued, Running, Ready or Error. */
    state: text('state').notNull().default('Queued'),
    progress: integer('progress').notNull().default(0),
    rowCount: integer('row_count').notNull().default(0),
    validCount: integer('valid_count'),
    invalidCount: integer('invalid_count'),
    resultFileName: text('result_file_name'),
    resultKey: text('result_key'),
    errorMessage: text('error_message'),
    createdAt: tz('created_at').notNull().defaultNow(),
    finishedAt: tz('finished_at'),
  },
  (t) => [index('address_file_runs_user_idx').on(t.userId, t.createdAt)],
);
