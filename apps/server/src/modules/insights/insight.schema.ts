import {
  doublePrecision,
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

/** When a job's insights were computed, and which charts its data cannot fill (and why). */
export const jobInsights = pgTable('job_insights', {
  jobId: uuid('job_id')
    .primaryKey()
    .references(() => jobs.id, { onDelete: 'cascade' }),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  barCount: integer('bar_count').notNull(),
  /** Grouping name → the reason shown instead of the chart ("This job's data has no SIC codes."). */
  unavailable: jsonb('unavailable').$type<Record<string, string>>().notNull(),
});

/**
 * One bar of one insights chart of a job (engine `InsightBar`): a grouping's bucket for one
 * slicer value and one product. A call reads one (job, grouping, slicer, value, product) at a
 * time — the primary key's prefix — so charts answer without scanning the supplier results.
 */
export const jobInsightBars = pgTable(
  'job_insight_bars',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    grouping: text('grouping').notNull(),
    slicer: text('slicer').notNull(),
    slicerValue: text('slicer_value').notNull(),
    product: text('product').notNull(),
    bucket: text('bucket').notNull(),
    label: text('label').notNull(),
    sortKey: integer('sort_key'),
    suppliers: integer('suppliers').notNull(),
    spend: doublePrecision('spend').notNull(),
    pos: integer('pos').notNull(),
    invoices: integer('invoices').notNull(),
    payments: integer('payments').notNull(),
    avgTermsDays: doublePrecision('avg_terms_days'),
    avgDaysToPay: doublePrecision('avg_days_to_pay'),
  },
  (t) => [
    primaryKey({
      columns: [t.jobId, t.grouping, t.slicer, t.slicerValue, t.product, t.bucket],
    }),
    // Global insights read one grouping across many jobs.
    index('job_insight_bars_grouping_idx').on(t.grouping, t.slicer, t.slicerValue, t.product),
  ],
);
