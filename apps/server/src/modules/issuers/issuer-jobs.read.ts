import { type AnyColumn, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { jobs } from '../jobs/job.schema.js';

/**
 * Read model: what the issuer and buyer administration reads of the jobs table (jobs module):
 * the issuer list's job columns and the delete guards' counts (SPEC §7: an issuer or buyer with
 * jobs cannot be deleted).
 */

/**
 * An issuer's job count and latest ten job names as columns of a query over issuers, so a
 * page of the issuer list reads them in its own round trip (jobs_issuer_idx serves both).
 */
export function issuerJobColumns(issuerId: AnyColumn) {
  return {
    jobsCount: sql<number>`(select count(*)::int from ${jobs} where ${jobs.issuerId} = ${issuerId})`,
    // As JSON: the driver parses a JSON array natively, a text[] character by character.
    jobNames: sql<
      string[]
    >`to_json(array(select ${jobs.name} from ${jobs} where ${jobs.issuerId} = ${issuerId}
      order by ${jobs.updatedAt} desc limit 10))`,
  };
}

/** The job counts of the delete guards. */
export function createIssuerJobsRead(db: Database) {
  return {
    async countForIssuer(issuerId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(jobs).where(eq(jobs.issuerId, issuerId));
      return row?.n ?? 0;
    },
    async countForBuyer(buyerId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(jobs).where(eq(jobs.buyerId, buyerId));
      return row?.n ?? 0;
    },
  };
}
