import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { buyers, issuers } from '../issuers/issuer.schema.js';
import { jobs } from '../jobs/job.schema.js';
import { jobMagicLinks } from '../magic-links/magic-link.schema.js';

const tz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Linked accounting systems (SPEC §2 merge-linked-accounts; SPEC §3 MergeLink, MergeMagicLink):
 * one row per connection of a buyer's accounting system through the unified accounting API.
 * The row is made (Pending) when a link token is asked for, its id being the API's
 * end_user_origin_id; the account token the public token is exchanged for is sealed with
 * lib/secret-box.ts and never leaves the server. `actor` is who connected (or who made the
 * magic link), as they were then: sync jobs are created with their rights. `planned_job_id` is
 * the job a sync will create, chosen before it exists, so a retried sync never makes two.
 * `sync_schedule` and `sync_retry_at`: the scheduled syncs (issue 20).
 */
export const mergeLinkedAccounts = pgTable(
  'merge_linked_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    issuerId: uuid('issuer_id')
      .notNull()
      .references(() => issuers.id, { onDelete: 'cascade' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => buyers.id, { onDelete: 'cascade' }),
    /** The job the connection was made from (its data step or its magic link). */
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    magicLinkId: uuid('magic_link_id').references(() => jobMagicLinks.id, {
      onDelete: 'set null',
    }),
    /** MergeLink or MergeMagicLink. */
    connectedVia: text('connected_via').notNull(),
    /** Pending, Linked, Failing, Unlinked or Merged (contract LinkedAccountStatus). */
    status: text('status').notNull().default('Pending'),
    integrationName: text('integration_name'),
    sealedAccountToken: text('sealed_account_token'),
    actor: jsonb('actor').$type<Record<string, unknown>>().notNull(),
    createdByUsername: text('created_by_username').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
    lastSyncAt: tz('last_sync_at'),
    lastSyncJobId: uuid('last_sync_job_id').references(() => jobs.id, { onDelete: 'set null' }),
    plannedJobId: uuid('planned_job_id'),
    lastError: text('last_error'),
    lastErrorAt: tz('last_error_at'),
    mergedIntoId: uuid('merged_into_id'),
    /** Off, Daily or Weekly (contract LinkedAccountSyncSchedule): syncs queued by the schedule. */
    syncSchedule: text('sync_schedule').notNull().default('Off'),
    /** The API's Retry-After of the last rate-limited sync: no scheduled sync before it. */
    syncRetryAt: tz('sync_retry_at'),
  },
  (t) => [
    index('merge_linked_accounts_issuer_idx').on(t.issuerId, t.createdAt),
    index('merge_linked_accounts_buyer_idx').on(t.buyerId),
    index('merge_linked_accounts_magic_link_idx').on(t.magicLinkId),
  ],
);
