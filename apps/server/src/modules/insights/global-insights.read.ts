import type { GlobalInsightsFilter } from '@b2b/contract';
import { type SQL, and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { buyers, issuers } from '../issuers/issuer.schema.js';
import { jobs } from '../jobs/job.schema.js';
import { type JobViewer, visibleJobsWhere } from '../jobs/jobs.policy.js';
import { jobInsightBars, jobInsights } from './insight.schema.js';

/**
 * Read model: the stored per-job insight bars summed across the jobs a user may see. Reads
 * job_insights and job_insight_bars (this module), jobs (jobs module, filtered by the
 * jobs.policy visibility rule) and issuers and buyers (issuers module) for the filter options.
 */

const B = jobInsightBars;

/** Which bars to add up: one grouping, optionally narrowed to a slicer value and a product. */
export interface BarSelection {
  grouping: string;
  slicer?: string;
  slicerValue?: string;
  product?: string;
}

/** A bar summed across jobs, keyed by what the caller grouped by. */
export interface SummedBar {
  slicer: string;
  slicerValue: string;
  product: string;
  bucket: string;
  label: string;
  sortKey: number | null;
  suppliers: number;
  spend: number;
  pos: number;
  invoices: number;
  payments: number;
  avgTermsDays: number | null;
  avgDaysToPay: number | null;
}

/** The id filters of a global insights call, in any currency. */
export type JobFilter = Pick<GlobalInsightsFilter, 'issuerIds' | 'buyerIds' | 'jobIds'>;

/**
 * What a call adds up: the filtered jobs in one currency (amounts in different currencies are
 * never added); null when the filter holds no job at all.
 */
export type GlobalScope = JobFilter & { currency: string | null };

/**
 * The jobs global insights may add up: Completed, with stored insights (joined by the caller),
 * visible to the viewer by the jobs module's own rule (so nobody sums a job they could not
 * open), and within the id filters.
 */
function jobsWhere(viewer: JobViewer, filter: JobFilter): SQL {
  return and(
    eq(jobs.status, 'Completed'),
    visibleJobsWhere(viewer),
    filter.issuerIds.length > 0 ? inArray(jobs.issuerId, filter.issuerIds) : undefined,
    filter.buyerIds.length > 0 ? inArray(jobs.buyerId, filter.buyerIds) : undefined,
    filter.jobIds.length > 0 ? inArray(jobs.id, filter.jobIds) : undefined,
  )!;
}

/** Those jobs in the scope's currency. */
function scopeWhere(viewer: JobViewer, scope: GlobalScope): SQL {
  // Without a currency the filter held no job: a job completing since must not be added either.
  const currency = scope.currency === null ? sql`false` : eq(jobs.currency, scope.currency);
  return and(jobsWhere(viewer, scope), currency)!;
}

/** A job's "Overall / All suppliers / All products" total: its own figures. */
const overallTotal = and(
  eq(B.grouping, 'Totals'),
  eq(B.slicer, 'Overall'),
  eq(B.slicerValue, 'All'),
  eq(B.product, 'All'),
  eq(B.bucket, 'All'),
);

/**
 * An average of per-job averages, weighted by the documents it was taken over (invoices for
 * terms, payments for days to pay) or, where a bar has none of those, by its suppliers; jobs
 * without the value do not count.
 */
function weightedAverage(value: SQL, weight: SQL): SQL<number | null> {
  return sql<number | null>`round(coalesce(
      sum(${value} * ${weight}) filter (where ${value} is not null)
        / nullif(sum(${weight}) filter (where ${value} is not null), 0),
      sum(${value} * ${B.suppliers}) filter (where ${value} is not null)
        / nullif(sum(${B.suppliers}) filter (where ${value} is not null), 0)
    )::numeric, 1)::float8`.mapWith((v) => (v === null ? null : Number(v)));
}

const GROUP_COLUMNS = {
  slicer: B.slicer,
  slicerValue: B.slicerValue,
  product: B.product,
  bucket: B.bucket,
} as const;
type GroupBy = keyof typeof GROUP_COLUMNS;

/** Ids of the jobs in scope, as a subquery the bar reads filter on. */
export function scopeIdsQuery(db: Database, viewer: JobViewer, scope: GlobalScope) {
  return db
    .select({ id: jobs.id })
    .from(jobs)
    .innerJoin(jobInsights, eq(jobInsights.jobId, jobs.id))
    .where(scopeWhere(viewer, scope));
}

export function createGlobalInsightsRead(db: Database) {
  const scopeIds = (viewer: JobViewer, scope: GlobalScope) => scopeIdsQuery(db, viewer, scope);

  return {
    /**
     * The currencies of the jobs in the filter, each with its job count and spend, in the order
     * the default currency is chosen by: most jobs, then the larger spend, then A–Z.
     */
    async currencies(viewer: JobViewer, filter: JobFilter) {
      const jobCount = count();
      const spend = sql<number>`coalesce(sum(${B.spend}), 0)::float8`.mapWith(Number);
      return db
        .select({ currency: jobs.currency, jobs: jobCount, spend })
        .from(jobs)
        .innerJoin(jobInsights, eq(jobInsights.jobId, jobs.id))
        .leftJoin(B, and(eq(B.jobId, jobs.id), overallTotal))
        .where(jobsWhere(viewer, filter))
        .groupBy(jobs.currency)
        .orderBy(desc(jobCount), desc(spend), asc(jobs.currency));
    },

    /** How many jobs and buyers are in scope, and their newest insights. */
    async counts(viewer: JobViewer, scope: GlobalScope) {
      const [row] = await db
        .select({
          jobCount: count(),
          buyerCount: sql<number>`count(distinct ${jobs.buyerId})`.mapWith(Number),
          computedAt: sql<string | null>`max(${jobInsights.computedAt})`.mapWith((v) =>
            v === null ? null : new Date(v as string),
          ),
        })
        .from(jobs)
        .innerJoin(jobInsights, eq(jobInsights.jobId, jobs.id))
        .where(scopeWhere(viewer, scope));
      return {
        jobCount: row?.jobCount ?? 0,
        buyerCount: row?.buyerCount ?? 0,
        computedAt: (row?.computedAt ?? null) as Date | null,
      };
    },

    /**
     * For each grouping some job in scope cannot fill: how many jobs cannot, and one of their
     * reasons (the engine words them per missing column, so they agree).
     */
    async unavailable(viewer: JobViewer, scope: GlobalScope, grouping?: string) {
      const entries = sql`jsonb_each_text(${jobInsights.unavailable}) as u(grouping, reason)`;
      const rows = await db
        .select({
          grouping: sql<string>`u.grouping`,
          jobs: sql<number>`count(*)`.mapWith(Number),
          reason: sql<string>`min(u.reason)`,
        })
        .from(jobs)
        .innerJoin(jobInsights, eq(jobInsights.jobId, jobs.id))
        .crossJoin(entries)
        .where(and(scopeWhere(viewer, scope), grouping ? sql`u.grouping = ${grouping}` : undefined))
        .groupBy(sql`u.grouping`);
      return rows;
    },

    /**
     * The bars of one grouping summed across the jobs in scope, one row per distinct value of
     * `by`: counts and spend add up; averages are weighted (see weightedAverage). Ordered for
     * display like a job's chart: natural order first, then by spend.
     */
    async sumBars(
      viewer: JobViewer,
      scope: GlobalScope,
      selection: BarSelection,
      by: readonly GroupBy[],
      limit?: number,
    ): Promise<SummedBar[]> {
      const groupColumns = by.map((k) => GROUP_COLUMNS[k]);
      const keyOf = (k: GroupBy) =>
        by.includes(k) ? GROUP_COLUMNS[k] : sql<string>`min(${GROUP_COLUMNS[k]})`;
      const spend = sql<number>`sum(${B.spend})::float8`.mapWith(Number);
      const query = db
        .select({
          slicer: keyOf('slicer'),
          slicerValue: keyOf('slicerValue'),
          product: keyOf('product'),
          bucket: keyOf('bucket'),
          label: sql<string>`min(${B.label})`,
          sortKey: sql<number | null>`min(${B.sortKey})`,
          suppliers: sql<number>`sum(${B.suppliers})::float8`.mapWith(Number),
          spend,
          pos: sql<number>`sum(${B.pos})::float8`.mapWith(Number),
          invoices: sql<number>`sum(${B.invoices})::float8`.mapWith(Number),
          payments: sql<number>`sum(${B.payments})::float8`.mapWith(Number),
          avgTermsDays: weightedAverage(sql`${B.avgTermsDays}`, sql`${B.invoices}`),
          avgDaysToPay: weightedAverage(sql`${B.avgDaysToPay}`, sql`${B.payments}`),
        })
        .from(B)
        .where(
          and(
            eq(B.grouping, selection.grouping),
            selection.slicer !== undefined ? eq(B.slicer, selection.slicer) : undefined,
            selection.slicerValue !== undefined
              ? eq(B.slicerValue, selection.slicerValue)
              : undefined,
            selection.product !== undefined ? eq(B.product, selection.product) : undefined,
            inArray(B.jobId, scopeIds(viewer, scope)),
          ),
        )
        .groupBy(...groupColumns)
        .orderBy(sql`min(${B.sortKey}) asc nulls last`, desc(spend), ...groupColumns.map(asc));
      const rows = limit === undefined ? await query : await query.limit(limit);
      return rows as SummedBar[];
    },

    /**
     * The issuers, buyers and jobs the viewer may add up, in every currency (no filter): the
     * filter bar is where jobs in another currency are picked.
     */
    async filterOptions(viewer: JobViewer) {
      return db
        .select({
          id: jobs.id,
          name: jobs.name,
          currency: jobs.currency,
          issuerId: jobs.issuerId,
          issuerName: issuers.name,
          buyerId: jobs.buyerId,
          buyerName: buyers.name,
          computedAt: jobInsights.computedAt,
        })
        .from(jobs)
        .innerJoin(jobInsights, eq(jobInsights.jobId, jobs.id))
        .innerJoin(issuers, eq(issuers.id, jobs.issuerId))
        .innerJoin(buyers, eq(buyers.id, jobs.buyerId))
        .where(jobsWhere(viewer, { issuerIds: [], buyerIds: [], jobIds: [] }))
        .orderBy(asc(jobs.name), asc(jobs.id));
    },
  };
}

/** Both drivers answer `execute` with `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
