import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { jobSupplierResults as R, jobs as J } from '../jobs/job.schema.js';

/**
 * Read model of the Companies House enrichment, which runs in a ProQ worker with no actor (the
 * request that queued it was authorised): a job's suppliers (job_supplier_results) and the job
 * itself (jobs), both of the jobs module.
 */
export function createJobSuppliersRead(db: Database) {
  return {
    async job(jobId: string) {
      const [row] = await db
        .select({
          id: J.id,
          name: J.name,
          type: J.type,
          status: J.status,
          scoringRulesetVersion: J.scoringRulesetVersion,
        })
        .from(J)
        .where(eq(J.id, jobId));
      return row ?? null;
    },
    /** Every supplier of the job's current results, in key order. */
    suppliers(jobId: string) {
      return db
        .select({
          supplierKey: R.supplierKey,
          supplierName: R.supplierName,
          country: R.country,
          postcode: R.postcode,
        })
        .from(R)
        .where(eq(R.jobId, jobId))
        .orderBy(asc(R.supplierKey));
    },
  };
}
