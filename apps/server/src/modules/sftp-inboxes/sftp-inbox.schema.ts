import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { buyers, issuers } from '../issuers/issuer.schema.js';
import { jobs } from '../jobs/job.schema.js';

const tz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * SFTP inboxes (issue 21, SPEC §2 /devops/sftp-configuration): a remote folder per issuer and
 * buyer whose new files become submitted jobs. The password or private key is sealed with
 * lib/secret-box.ts and never leaves the server. `actor` is who saved the inbox last, as they
 * were then: the jobs are created with their rights. The poll lease (`lease_owner` = the ProQ
 * command, until `lease_until`) lets one poll at a time work on the inbox's files.
 */
export const sftpInboxes = pgTable(
  'sftp_inboxes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    issuerId: uuid('issuer_id')
      .notNull()
      .references(() => issuers.id, { onDelete: 'cascade' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => buyers.id, { onDelete: 'cascade' }),
    host: text('host').notNull(),
    port: integer('port').notNull(),
    username: text('username').notNull(),
    /** password or privateKey. */
    authMethod: text('auth_method').notNull(),
    sealedSecret: text('sealed_secret').notNull(),
    hostKeyFingerprint: text('host_key_fingerprint').notNull(),
    remoteFolder: text('remote_folder').notNull(),
    filePattern: text('file_pattern').notNull(),
    jobType: text('job_type').notNull(),
    mapping: jsonb('mapping').$type<Record<string, number>>(),
    dateOrder: text('date_order').notNull(),
    /** `{ kind: 'minutes', minutes }` or `{ kind: 'cron', cron }`. */
    schedule: jsonb('schedule').$type<Record<string, unknown>>().notNull(),
    enabled: boolean('enabled').notNull(),
    actor: jsonb('actor').$type<Record<string, unknown>>().notNull(),
    /** NeverPolled, Ok, Failing or HostKeyChanged. */
    status: text('status').notNull().default('NeverPolled'),
    lastPolledAt: tz('last_polled_at'),
    lastError: text('last_error'),
    lastErrorAt: tz('last_error_at'),
    leaseOwner: text('lease_owner'),
    leaseUntil: tz('lease_until'),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('sftp_inboxes_issuer_idx').on(t.issuerId)],
);

/**
 * One remote file an inbox took: claimed (this row inserted, unique per path, size and
 * modification time, before any byte is read) → downloaded → submitted (its job) → moved to
 * `processed/`, or failed with the reason. The unique key is what makes a file taken once.
 */
export const sftpInboxFiles = pgTable(
  'sftp_inbox_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    inboxId: uuid('inbox_id')
      .notNull()
      .references(() => sftpInboxes.id, { onDelete: 'cascade' }),
    remotePath: text('remote_path').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    remoteModifiedAt: tz('remote_modified_at').notNull(),
    state: text('state').notNull(),
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    /**
     * The job's id, chosen and recorded before the job is created: a poll that picks the file
     * up again finds that job, or creates it with this id, and never makes a second one.
     */
    plannedJobId: uuid('planned_job_id'),
    error: text('error'),
    /** The ProQ command (and attempt) that claimed or last worked on the file. */
    claimedBy: text('claimed_by').notNull(),
    claimedAt: tz('claimed_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sftp_inbox_files_key_idx').on(
      t.inboxId,
      t.remotePath,
      t.sizeBytes,
      t.remoteModifiedAt,
    ),
    index('sftp_inbox_files_recent_idx').on(t.inboxId, t.claimedAt),
  ],
);
