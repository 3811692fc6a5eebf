import { type AnyColumn, count, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { jobs } from '../jobs/job.schema.js';

/**
 * Read-only job counts the issuer and buyer administration needs (list columns, the delete
 * guards). They read the jobs table directly: a count per issuer for a page of 25 issuers is
 * one grouped query here, where going through the jobs service would mean one call per row.
 */
/**
 * An issuer's job count and latest ten job names as columns of a query over issuers, so a
 * page of the issuer list reads them in its own round trip (jobs_issuer_idx serves both).
 */
export function issuerJobColumns(issuerId: AnyColumn) {
  return {
    jobsCount: sql<number>`(select count(*)::int from ${jobs} where ${jobs.issuerId} = ${issuerId})`,
    jobNames: sql<
      string[]
    >`array(select ${jobs.name} from ${jobs} where ${jobs.issuerId} = ${issuerId}
      order by ${jobs.updatedAt} desc limit 10)`,
  };
}

export function createIssuerJobsRepo(db: Database) {
  return {
    async byIssuer(issuerIds: string[]): Promise<Map<string, { count: number; names: string[] }>> {
      if (issuerIds.length === 0) return new Map();
      const rows = await db
        .select({
          issuerId: jobs.issuerId,
          count: sql<number>`count(*)::int`,
          names: sql<string[]>`(array_agg(${jobs.name} order by ${jobs.updatedAt} desc))[1:10]`,
        })
        .from(jobs)
        .where(inArray(jobs.issuerId, issuerIds))
        .groupBy(jobs.issuerId);
      return new Map(rows.map((r) => [r.issuerId, { count: r.count, names: r.names }]));
    },
    async countForBuyer(buyerId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(jobs).where(eq(jobs.buyerId, buyerId));
      return row?.n ?? 0;
    },
  };
}
