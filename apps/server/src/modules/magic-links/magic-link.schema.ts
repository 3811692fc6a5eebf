import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { issuers } from '../issuers/issuer.schema.js';
import { jobs } from '../jobs/job.schema.js';
import { users } from '../users/user.schema.js';

const tz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Magic links of jobs (SPEC §2 Analysis admin "magic links", SPEC §3 SendUploadLink; sign-in
 * links are auth's `magic_links`): a link that lets a person without an account do one thing,
 * named by `kind` (Upload: a Draft job's AP file; Accounting; Results: a published job's results,
 * read by one e-mail address until expiry, so it is never `used`). Only the SHA-256 of the token is stored, so a
 * database leak yields no usable link. A link works until it expires, is used (`used_at`,
 * single use) or revoked.
 */
export const jobMagicLinks = pgTable(
  'job_magic_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Upload | Accounting | Results (contract MagicLinkKind). */
    kind: text('kind').notNull(),
    tokenHash: text('token_hash').notNull(),
    issuerId: uuid('issuer_id')
      .notNull()
      .references(() => issuers.id, { onDelete: 'cascade' }),
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'cascade' }),
    recipientEmail: text('recipient_email'),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    /** Copied, so the list still says who made a link after the user is gone. */
    createdByUsername: text('created_by_username').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
    expiresAt: tz('expires_at').notNull(),
    usedAt: tz('used_at'),
    /** The file the link brought (the owner's notification names it). */
    usedFileName: text('used_file_name'),
    revokedAt: tz('revoked_at'),
  },
  (t) => [
    uniqueIndex('job_magic_links_token_idx').on(t.tokenHash),
    index('job_magic_links_issuer_idx').on(t.issuerId, t.createdAt),
    index('job_magic_links_job_idx').on(t.jobId),
  ],
);

/**
 * Sessions opened through a Results link (SPEC §3 MagicLinkUser): the person has no account, so
 * these are not auth's `sessions` (whose rows are users'). Keyed by the SHA-256 of the cookie's
 * token; a session lives while its link does: it ends at the link's expiry, and revoking the
 * link deletes its sessions (the cascade is for links removed with their job or issuer).
 */
export const resultsLinkSessions = pgTable(
  'results_link_sessions',
  {
    id: text('id').primaryKey(),
    linkId: uuid('link_id')
      .notNull()
      .references(() => jobMagicLinks.id, { onDelete: 'cascade' }),
    createdAt: tz('created_at').notNull().defaultNow(),
    expiresAt: tz('expires_at').notNull(),
    ipAddress: text('ip_address'),
  },
  (t) => [index('results_link_sessions_link_idx').on(t.linkId)],
);
