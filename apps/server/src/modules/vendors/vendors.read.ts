import { LevelSchema, MatchStatusSchema, type PagedListRequest } from '@b2b/contract';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { type ListColumn, pagedQueryParts, plainFilterFields } from '../../db/paged-query.js';
import { jobSupplierResults, jobs } from '../jobs/job.schema.js';
import { type JobViewer, visibleJobsWhere } from '../jobs/jobs.policy.js';

const S = jobSupplierResults;

/** The matched-supplier list's properties (contract VENDOR_MATCHED_SUPPLIER_PROPERTIES). */
const MATCHED_SUPPLIER_COLUMNS: Record<string, ListColumn> = {
  jobName: { column: jobs.name, kind: 'text' },
  supplierName: { column: S.supplierName, kind: 'text' },
  matchStatus: { column: S.matchStatus, kind: 'text', values: MatchStatusSchema.options },
  confidence: { column: S.confidence, kind: 'text', values: LevelSchema.options },
  matchSource: {
    column: S.matchSource,
    kind: 'text',
    values: ['computed', 'override', 'rejected'],
  },
};

/**
 * Read model: the suppliers of jobs a viewer may see that point at a merchant. Reads
 * job_supplier_results and jobs (jobs module), filtered by the jobs.policy visibility rule.
 */
export function createVendorsRead(db: Database) {
  return {
    /**
     * One page of them. Visibility is the jobs module's rule, in the same query, so the page
     * and the total count only ever hold the viewer's jobs (a page is never cut short by jobs
     * dropped after the read).
     */
    async suppliersMatchedTo(viewer: JobViewer, merchantId: string, request: PagedListRequest) {
      const parts = pagedQueryParts(request, MATCHED_SUPPLIER_COLUMNS, {
        fields: plainFilterFields,
        defaultOrder: [asc(jobs.name), asc(S.supplierName)],
        tieBreaker: asc(S.supplierKey),
      });
      const where = and(eq(S.merchantId, merchantId), visibleJobsWhere(viewer), parts.where);
      const rows = await db
        .select({
          jobId: S.jobId,
          jobName: jobs.name,
          supplierKey: S.supplierKey,
          supplierName: S.supplierName,
          matchStatus: S.matchStatus,
          confidence: S.confidence,
          matchSource: S.matchSource,
        })
        .from(S)
        .innerJoin(jobs, eq(jobs.id, S.jobId))
        .where(where)
        .orderBy(...parts.orderBy, asc(S.jobId))
        .limit(parts.limit)
        .offset(parts.offset);
      const [total] = await db
        .select({ n: count() })
        .from(S)
        .innerJoin(jobs, eq(jobs.id, S.jobId))
        .where(where);
      return { rows, total: total?.n ?? 0 };
    },
  };
}
