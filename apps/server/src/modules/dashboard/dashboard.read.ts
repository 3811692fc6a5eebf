import type { DashboardInterval } from '@b2b/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { runPrepared, subqueryColumn } from '../../db/prepared-queries.js';
import { queryRows } from '../../db/transaction.js';
import { jobInsightBars as B, jobInsights } from '../insights/insight.schema.js';
import { issuers } from '../issuers/issuer.schema.js';
import { jobs } from '../jobs/job.schema.js';
import {
  type JobViewer,
  type JobViewerKind,
  jobViewerKind,
  preparedVisibleJobsWhere,
  visibilityValues,
  visibleJobsWhere,
} from '../jobs/jobs.policy.js';

/**
 * Read model of the dashboard's job tiles: counts of jobs and sums of their stored insight
 * bars, each in one statement over the jobs the viewer may see (the jobs.policy rule in SQL).
 * Reads jobs (jobs module), issuers (issuers module), and job_insights and job_insight_bars
 * (insights module). Never the supplier results: the per-job figures the pipeline's Aggregate
 * step stored are what is added up, so a tile costs the same with 5 or 5,000,000 suppliers.
 */

export type JobCountRow = { start: string | null; type: string; status: string; n: number };
export type JobRefRow = {
  id: string;
  name: string;
  type: string;
  status: string;
  issuer_name: string;
  updated_at: Date | string;
};
export type CurrencyRow = { currency: string; jobs: number; spend: number };
export type IssuerFiguresRow = {
  issuer_id: string;
  issuer_name: string;
  jobs: number;
  suppliers: number;
  spend: number;
  matched_suppliers: number;
  matched_spend: number;
  accepting_suppliers: number;
  accepting_spend: number;
};

/**
 * Completed, with stored insights, visible: the jobs whose figures the analysis tile adds. The
 * visibility rule in its prepared form: the tile's statements are prepared once per kind of
 * viewer, the viewer's ids bound (`visibilityValues`).
 */
const analysedJobs = (kind: JobViewerKind): SQL =>
  sql`${jobs.status} = 'Completed' and ${preparedVisibleJobsWhere(kind)}`;

/** The three bars the tiles read, by grouping: the bucket each keeps. */
const TILE_BARS = sql`(values ('Totals', 'All'), ('MatchStatus', 'MATCHED'), ('CardAcceptance', 'YES'))
  as k(grouping, bucket)`;
const figureColumns = sql`
  coalesce(sum(${B.suppliers}) filter (where ${B.grouping} = 'Totals'), 0) as suppliers,
  coalesce(sum(${B.spend}) filter (where ${B.grouping} = 'Totals'), 0) as spend,
  coalesce(sum(${B.suppliers}) filter (where ${B.grouping} = 'MatchStatus'), 0) as matched_suppliers,
  coalesce(sum(${B.spend}) filter (where ${B.grouping} = 'MatchStatus'), 0) as matched_spend,
  coalesce(sum(${B.suppliers}) filter (where ${B.grouping} = 'CardAcceptance'), 0) as accepting_suppliers,
  coalesce(sum(${B.spend}) filter (where ${B.grouping} = 'CardAcceptance'), 0) as accepting_spend`;
const overallSlice = sql`${B.slicer} = 'Overall' and ${B.slicerValue} = 'All' and ${B.product} = 'All'`;

/**
 * Each analysed job's figures as `f`: the three bars of its "Overall / All suppliers / All
 * products" slice the tiles read — totals, matched suppliers, card-accepting ones (the bars the
 * job's summary and global insights read, so the figures agree with theirs). Two forms, by who
 * looks: for a viewer of every job, the bars of all jobs in one pass of the grouping index,
 * summed per job and hash-joined; for a viewer of some jobs, three primary-key lookups per
 * visible job. (One plain join for both misjudged a grouping's bars across jobs as two rows and,
 * for an issuer member seeing 70 of 1,000 jobs, compared each job with 750 of them: 40-60 ms.)
 */
function jobFigures(kind: JobViewerKind): SQL {
  if (kind === 'allJobs') {
    return sql`left join (
        select ${B.jobId} as job_id, ${figureColumns}
        from ${B} join ${TILE_BARS} on ${B.grouping} = k.grouping and ${B.bucket} = k.bucket
        where ${overallSlice}
        group by ${B.jobId}
      ) f on f.job_id = ${jobs.id}`;
  }
  return sql`left join lateral (
      select ${figureColumns}
      from ${TILE_BARS} join ${B} on ${B.jobId} = ${jobs.id} and ${B.grouping} = k.grouping
        and ${B.bucket} = k.bucket and ${overallSlice}
    ) f on true`;
}

export function createDashboardRead(db: Database) {
  return {
    /** Visible jobs per (period, type, status) since `from`; `start` is the period's first day. */
    jobsPerPeriod(viewer: JobViewer, interval: DashboardInterval, from: Date) {
      const start = sql`to_char(date_trunc(${interval}, ${jobs.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`;
      return queryRows<JobCountRow>(
        db,
        sql`select ${start} as start, ${jobs.type} as type, ${jobs.status} as status,
              count(*)::int as n
            from ${jobs}
            where ${visibleJobsWhere(viewer)} and ${jobs.createdAt} >= ${from.toISOString()}
            group by 1, 2, 3`,
      );
    },

    /** Every visible job counted by (type, status). */
    jobTotals(viewer: JobViewer) {
      return queryRows<JobCountRow>(
        db,
        sql`select null as start, ${jobs.type} as type, ${jobs.status} as status,
              count(*)::int as n
            from ${jobs} where ${visibleJobsWhere(viewer)}
            group by 2, 3`,
      );
    },

    /** The visible jobs in one status, most recently changed first. */
    latestJobs(viewer: JobViewer, status: string, limit: number) {
      return queryRows<JobRefRow>(
        db,
        sql`select ${jobs.id} as id, ${jobs.name} as name, ${jobs.type} as type,
              ${jobs.status} as status, ${issuers.name} as issuer_name,
              ${jobs.updatedAt} as updated_at
            from ${jobs} join ${issuers} on ${issuers.id} = ${jobs.issuerId}
            where ${jobs.status} = ${status} and ${visibleJobsWhere(viewer)}
            order by ${jobs.updatedAt} desc, ${jobs.id}
            limit ${limit}`,
      );
    },

    /**
     * The currencies of the analysed jobs with their job count and spend, in the order the
     * default is chosen by (as global insights choose it): most jobs, larger spend, A–Z.
     */
    currencies(viewer: JobViewer): Promise<CurrencyRow[]> {
      const kind = jobViewerKind(viewer);
      return runPrepared(
        db,
        `dashboard.currencies:${kind}`,
        () =>
          db
            .select({
              currency: subqueryColumn<string>('currency'),
              jobs: subqueryColumn<number>('jobs'),
              spend: subqueryColumn<number>('spend'),
            })
            .from(
              sql`(select ${jobs.currency} as currency, count(*)::int as jobs,
                    coalesce(sum(f.spend), 0)::float8 as spend
                  from ${jobs}
                  join ${jobInsights} on ${jobInsights.jobId} = ${jobs.id}
                  ${jobFigures(kind)}
                  where ${analysedJobs(kind)}
                  group by ${jobs.currency}) as x`,
            )
            .orderBy(sql`2 desc, 3 desc, 1 asc`),
        visibilityValues(viewer),
      );
    },

    /** Suppliers, spend, matched and card-accepting figures per issuer, in one currency. */
    issuerFigures(viewer: JobViewer, currency: string): Promise<IssuerFiguresRow[]> {
      const kind = jobViewerKind(viewer);
      const figure = (column: keyof IssuerFiguresRow) => subqueryColumn<number>(column);
      return runPrepared(
        db,
        `dashboard.issuerFigures:${kind}`,
        () =>
          db
            .select({
              issuer_id: subqueryColumn<string>('issuer_id'),
              issuer_name: subqueryColumn<string>('issuer_name'),
              jobs: figure('jobs'),
              suppliers: figure('suppliers'),
              spend: figure('spend'),
              matched_suppliers: figure('matched_suppliers'),
              matched_spend: figure('matched_spend'),
              accepting_suppliers: figure('accepting_suppliers'),
              accepting_spend: figure('accepting_spend'),
            })
            .from(
              sql`(select ${jobs.issuerId} as issuer_id, min(${issuers.name}) as issuer_name,
                    count(*)::int as jobs,
                    coalesce(sum(f.suppliers), 0)::float8 as suppliers,
                    coalesce(sum(f.spend), 0)::float8 as spend,
                    coalesce(sum(f.matched_suppliers), 0)::float8 as matched_suppliers,
                    coalesce(sum(f.matched_spend), 0)::float8 as matched_spend,
                    coalesce(sum(f.accepting_suppliers), 0)::float8 as accepting_suppliers,
                    coalesce(sum(f.accepting_spend), 0)::float8 as accepting_spend
                  from ${jobs}
                  join ${jobInsights} on ${jobInsights.jobId} = ${jobs.id}
                  join ${issuers} on ${issuers.id} = ${jobs.issuerId}
                  ${jobFigures(kind)}
                  where ${analysedJobs(kind)} and ${jobs.currency} = ${sql.placeholder('currency')}
                  group by ${jobs.issuerId}) as x`,
            ),
        { ...visibilityValues(viewer), currency },
      );
    },
  };
}
