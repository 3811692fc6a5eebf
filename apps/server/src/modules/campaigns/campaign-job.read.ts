/**
 * Read model: the facts of a campaign's job its outreach needs, with no actor (a ProQ worker
 * sends on the campaign's behalf; the campaign was authorised when it was started). Reads jobs
 * (jobs module) and buyers (issuers module).
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { buyers } from '../issuers/issuer.schema.js';
import { jobs } from '../jobs/job.schema.js';

export function createCampaignJobRead(db: Database) {
  return {
    async facts(jobId: string): Promise<{ buyerName: string; issuerId: string }> {
      const [row] = await db
        .select({ buyerName: buyers.name, issuerId: jobs.issuerId })
        .from(jobs)
        .innerJoin(buyers, eq(buyers.id, jobs.buyerId))
        .where(eq(jobs.id, jobId));
      if (!row) throw new Error(`job ${jobId} not found`);
      return row;
    },
  };
}
