import type { CardProduct, FilterItem } from '@b2b/contract';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { createJobResultsService } from '../jobs/job-results.service.js';
import { jobs } from '../jobs/job.schema.js';
import { users } from '../users/user.schema.js';

const tz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A use case (SPEC §2 jobs use-cases, DOMAIN "Use cases and campaigns"): a named rule over a
 * job's supplier results with a card product and a recommended action. Its suppliers, spend,
 * value and risk come from the job's current results (use_case_figures below), so they follow
 * a re-score and agree with the suppliers tab.
 */
export const useCases = pgTable(
  'use_cases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Contract CardProduct. */
    cardProduct: text('card_product').$type<CardProduct>().notNull(),
    recommendedAction: text('recommended_action').notNull().default(''),
    /** The supplier list's filter items (paged-list FilterItem), AND-ed. */
    rule: jsonb('rule').$type<FilterItem[]>().notNull(),
    /** The template it was made from (contract USE_CASE_TEMPLATES), or null. */
    templateKey: text('template_key'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('use_cases_job_idx').on(t.jobId, t.createdAt)],
);

type RuleReader = Awaited<ReturnType<ReturnType<typeof createJobResultsService>['ruleReader']>>;
/** The counts and sums of one rule over a job's results (the one scan ruleReader.figures runs). */
export type StoredSegmentFigures = Awaited<ReturnType<RuleReader['figures']>>[number];

/**
 * A use case's counts and sums for one version of its job's results (SPEC §2 jobs use-cases:
 * the list with its counts stays a read on a job of any size). Written when the use case is
 * created, edited or copied, and, after a run changed the results, once by the first read that
 * finds none for the current version; a use case keeps only its latest. `results_version` is
 * the job's run number and completion time, which every run that rewrites results changes.
 * Value and risk are derived from these on read, so they follow the business-case defaults.
 */
export const useCaseFigures = pgTable(
  'use_case_figures',
  {
    useCaseId: uuid('use_case_id')
      .notNull()
      .references(() => useCases.id, { onDelete: 'cascade' }),
    resultsVersion: text('results_version').notNull(),
    figures: jsonb('figures').$type<StoredSegmentFigures>().notNull(),
    computedAt: tz('computed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.useCaseId, t.resultsVersion] })],
);
