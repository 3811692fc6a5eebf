import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { jobs } from '../jobs/job.schema.js';

const tz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Versioned confidence and scoring rulesets (JSON checked by the contract's schemas). A draft
 * reserves its version number and is edited in analysis admin; activating it makes it an
 * immutable version and the active one (one active per kind).
 */
export const analysisRulesets = pgTable(
  'analysis_rulesets',
  {
    /** confidence | scoring. */
    kind: text('kind').notNull(),
    versionNumber: integer('version_number').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    ruleset: jsonb('ruleset').notNull(),
    isActive: boolean('is_active').notNull().default(false),
    createdBy: text('created_by'),
    createdAt: tz('created_at').notNull().defaultNow(),
    /** A draft may change; a version (not a draft) never does. */
    isDraft: boolean('is_draft').notNull().default(false),
    /** The version a draft was copied from. */
    basedOnVersion: integer('based_on_version'),
    updatedBy: text('updated_by'),
    updatedAt: tz('updated_at'),
    activatedAt: tz('activated_at'),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.versionNumber] }),
    uniqueIndex('analysis_rulesets_one_active')
      .on(t.kind)
      .where(sql`${t.isActive}`),
  ],
);

/**
 * A dry-run of a ruleset version on a completed job: counts before → after here, the changed
 * suppliers in a Parquet file of the file storage (`rulesets/dry-runs/<id>.parquet`).
 */
export const rulesetDryRuns = pgTable(
  'ruleset_dry_runs',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind').notNull(),
    versionNumber: integer('version_number').notNull(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    /** Queued | Running | Done | Error. */
    state: text('state').notNull().default('Queued'),
    error: text('error'),
    /** `RulesetDryRunSummary` of the contract once Done. */
    summary: jsonb('summary'),
    createdBy: text('created_by').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
    finishedAt: tz('finished_at'),
  },
  (t) => [index('ruleset_dry_runs_version').on(t.kind, t.versionNumber, t.createdAt)],
);
