/**
 * Read model: how many of a job's campaigns are running, so a job is never deleted from under
 * its outreach (SPEC §3 campaign statuses: Pending, Active, Completed). Reads campaigns
 * (campaigns module), which itself reads jobs: a service dependency would be a cycle.
 */
import { and, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { campaigns } from '../campaigns/campaign.schema.js';

export function createJobCampaignsRead(db: Database) {
  return {
    async activeCount(jobId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(campaigns)
        .where(and(eq(campaigns.jobId, jobId), eq(campaigns.status, 'Active')));
      return row?.n ?? 0;
    },
  };
}
