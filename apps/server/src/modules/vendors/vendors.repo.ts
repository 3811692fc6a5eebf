import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { jobSupplierResults, jobs } from '../jobs/job.schema.js';

/** Read-only: which jobs' suppliers point at a merchant. Visibility is the caller's to apply. */
export function createVendorsRepo(db: Database) {
  return {
    async suppliersMatchedTo(merchantId: string, limit: number) {
      return db
        .select({
          jobId: jobSupplierResults.jobId,
          jobName: jobs.name,
          supplierKey: jobSupplierResults.supplierKey,
          supplierName: jobSupplierResults.supplierName,
          matchStatus: jobSupplierResults.matchStatus,
          confidence: jobSupplierResults.confidence,
          matchSource: jobSupplierResults.matchSource,
        })
        .from(jobSupplierResults)
        .innerJoin(jobs, eq(jobs.id, jobSupplierResults.jobId))
        .where(eq(jobSupplierResults.merchantId, merchantId))
        .orderBy(asc(jobs.name), asc(jobSupplierResults.supplierName))
        .limit(limit);
    },
  };
}
