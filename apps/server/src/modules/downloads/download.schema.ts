import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { jobs } from '../jobs/job.schema.js';
import { users } from '../users/user.schema.js';

const tz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Prepared downloads: a file made in the background (the PrepareDownload ProQ command runs the
 * producer of its kind) for one user, who alone sees it. The file is in the file storage (as job
 * uploads are) under `downloads/<id>/<fileName>`; the row goes with its job or user.
 */
export const preparedDownloads = pgTable(
  'prepared_downloads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    label: text('label').notNull(),
    format: text('format').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    /** Who asked, as they were then: the producer runs in a worker with these rights. */
    actor: jsonb('actor').$type<Record<string, unknown>>().notNull(),
    /** Queued, Running, Ready or Error. */
    state: text('state').notNull().default('Queued'),
    progress: integer('progress').notNull().default(0),
    fileName: text('file_name').notNull(),
    storageKey: text('storage_key'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    errorMessage: text('error_message'),
    createdAt: tz('created_at').notNull().defaultNow(),
    readyAt: tz('ready_at'),
    expiresAt: tz('expires_at').notNull(),
  },
  (t) => [index('prepared_downloads_user_idx').on(t.userId, t.createdAt)],
);

/**
 * What a card network answered for a supplier sent in its vendor file (docs/network-files.md):
 * kept beside the match decision the import made, with the acceptance flag and MCC the network
 * gave, so a later look can tell where a decision came from.
 */
export const networkAnswers = pgTable(
  'network_answers',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    supplierKey: text('supplier_key').notNull(),
    network: text('network').notNull(),
    /** matched or not-found. */
    status: text('status').notNull(),
    networkMerchantId: text('network_merchant_id'),
    acceptsCard: boolean('accepts_card'),
    mcc: text('mcc'),
    importedBy: uuid('imported_by').references(() => users.id, { onDelete: 'set null' }),
    importedAt: tz('imported_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.supplierKey, t.network] })],
);
