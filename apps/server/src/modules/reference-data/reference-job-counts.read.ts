import { isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { jobs } from '../jobs/job.schema.js';

/**
 * Read model: how many jobs recorded each reference version, one grouped count over jobs (jobs
 * module) for the reference data screen (SPEC §2). The versions themselves are files, not rows.
 */
export function createReferenceJobCountsRead(db: Database) {
  return {
    async jobCountsByVersion(): Promise<Map<string, number>> {
      const rows = await db
        .select({ versionId: jobs.referenceVersionId, count: sql<number>`count(*)::int` })
        .from(jobs)
        .where(isNotNull(jobs.referenceVersionId))
        .groupBy(jobs.referenceVersionId);
      return new Map(rows.map((r) => [r.versionId!, r.count]));
    },
  };
}
