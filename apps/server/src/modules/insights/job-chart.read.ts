import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { jsonRowsOf } from '../../db/json-rows.js';
import { runPrepared } from '../../db/prepared-queries.js';
import { jobs } from '../jobs/job.schema.js';
import {
  type JobViewer,
  jobViewerKind,
  preparedVisibleJobsWhere,
  visibilityValues,
} from '../jobs/jobs.policy.js';
import { jobInsightBars, jobInsights } from './insight.schema.js';
import {
  INSIGHT_BAR_ORDER,
  type InsightBarRow,
  type InsightMetaRow,
  type SliceKey,
} from './insights.repo.js';

/**
 * Read model: one insights chart of a job the viewer may see, in one statement — what the job
 * is (its type, status and currency, under the jobs.policy visibility rule), its stored
 * insights' meta and the chart's bars in display order. The insights tab asks for a chart at a
 * time, several at once; each statement sent costs more than this one's work
 * (docs/perf/load-and-soak.md). Reads jobs (jobs module), job_insights and job_insight_bars
 * (this module).
 */
export function createJobChartRead(db: Database) {
  return {
    /** Undefined when there is no such job or the viewer may not see it. */
    async visibleChart(
      viewer: JobViewer,
      jobId: string,
      grouping: string,
      slice: SliceKey,
    ): Promise<
      | {
          job: { type: string; status: string; currency: string };
          meta: InsightMetaRow | undefined;
          bars: InsightBarRow[];
        }
      | undefined
    > {
      const kind = jobViewerKind(viewer);
      const p = (name: string) => sql.placeholder(name);
      const [found] = await runPrepared(
        db,
        `insights.visibleChart:${kind}`,
        () =>
          db
            .select({
              type: jobs.type,
              status: jobs.status,
              currency: jobs.currency,
              meta: jsonRowsOf(jobInsights, {
                where: eq(jobInsights.jobId, jobs.id),
                orderBy: sql`${jobInsights.jobId}`,
              }),
              bars: jsonRowsOf(jobInsightBars, {
                where: and(
                  eq(jobInsightBars.jobId, jobs.id),
                  eq(jobInsightBars.grouping, p('grouping')),
                  eq(jobInsightBars.slicer, p('slicer')),
                  eq(jobInsightBars.slicerValue, p('slicerValue')),
                  eq(jobInsightBars.product, p('product')),
                )!,
                orderBy: INSIGHT_BAR_ORDER,
              }),
            })
            .from(jobs)
            .where(and(eq(jobs.id, p('id')), preparedVisibleJobsWhere(kind))),
        {
          id: jobId,
          grouping,
          slicer: slice.slicer,
          slicerValue: slice.slicerValue,
          product: slice.product,
          ...visibilityValues(viewer),
        },
      );
      if (!found) return undefined;
      const { meta, bars, ...job } = found;
      return { job, meta: meta[0], bars };
    },
  };
}
