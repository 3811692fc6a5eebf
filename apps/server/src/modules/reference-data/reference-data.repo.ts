import { isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { jobs } from '../jobs/job.schema.js';

/**
 * Reads the jobs table directly for one grouped count: how many jobs recorded each reference
 * version (the versions themselves are files, not rows).
 */
export function createReferenceDataRepo(db: Database) {
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
