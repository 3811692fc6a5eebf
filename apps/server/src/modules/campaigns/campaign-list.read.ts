/**
 * Read model: pages of campaigns with their job's name, only of jobs the viewer may see. Reads
 * campaigns and jobs (jobs module), filtered by the jobs.policy visibility rule, so the global
 * list (/campaign-workflows) and a job's list share one query.
 */
import type { PagedListRequest } from '@b2b/contract';
import { CAMPAIGN_STATUSES, CARD_PRODUCTS, CAMPAIGN_WORKFLOW_ROUTES } from '@b2b/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { type ListColumn, pagedQueryParts, plainFilterFields } from '../../db/paged-query.js';
import { jobs } from '../jobs/job.schema.js';
import { type JobViewer, visibleJobsWhere } from '../jobs/jobs.policy.js';
import { campaigns as C } from './campaign.schema.js';

const COLUMNS: Record<string, ListColumn> = {
  name: { column: C.name, kind: 'text' },
  route: { column: C.route, kind: 'text', values: CAMPAIGN_WORKFLOW_ROUTES },
  status: { column: C.status, kind: 'text', values: CAMPAIGN_STATUSES },
  cardProduct: { column: C.cardProduct, kind: 'text', values: CARD_PRODUCTS },
  language: { column: C.language, kind: 'text' },
  jobId: { column: C.jobId, kind: 'uuid' },
  jobName: { column: jobs.name, kind: 'text' },
  issuerId: { column: C.issuerId, kind: 'uuid' },
  createdOn: { column: C.createdAt, kind: 'date' },
  startedOn: { column: C.startedAt, kind: 'date' },
};

export function createCampaignListRead(db: Database) {
  return {
    async list(viewer: JobViewer, request: PagedListRequest, jobId?: string) {
      const parts = pagedQueryParts(request, COLUMNS, {
        fields: plainFilterFields,
        defaultOrder: [sql`${C.createdAt} desc`],
        tieBreaker: sql`${C.id}`,
      });
      const where = and(
        visibleJobsWhere(viewer),
        jobId ? eq(C.jobId, jobId) : undefined,
        parts.where,
      );
      const rows = await db
        .select({ campaign: C, jobName: jobs.name })
        .from(C)
        .innerJoin(jobs, eq(jobs.id, C.jobId))
        .where(where)
        .orderBy(...parts.orderBy)
        .limit(parts.limit)
        .offset(parts.offset);
      const [total] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(C)
        .innerJoin(jobs, eq(jobs.id, C.jobId))
        .where(where);
      return { rows, total: total?.n ?? 0 };
    },

    /** How many campaigns of visible jobs are in each status (the dashboard's tile). */
    async countByStatus(viewer: JobViewer) {
      return db
        .select({ status: C.status, n: sql<number>`count(*)::int` })
        .from(C)
        .innerJoin(jobs, eq(jobs.id, C.jobId))
        .where(visibleJobsWhere(viewer))
        .groupBy(C.status);
    },
  };
}
