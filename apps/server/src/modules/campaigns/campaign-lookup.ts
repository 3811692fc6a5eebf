import type { JobDetails } from '@b2b/contract';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import type { CampaignRow, CampaignsRepo } from './campaigns.repo.js';

/** A visible job by id (the jobs service: 404 for a job the actor may not see). */
export type VisibleJob = (actor: Actor, jobId: string) => Promise<JobDetails>;

const NOT_FOUND = 'Campaign not found.';

/**
 * A campaign the actor may see: one of a job the actor may see (jobs.policy). Any other is a
 * 404 with the same text as one that does not exist, so its existence is not revealed.
 */
export function createCampaignLookup(repo: CampaignsRepo, visibleJob: VisibleJob) {
  return async function visibleCampaign(
    actor: Actor,
    campaignId: string,
  ): Promise<{ campaign: CampaignRow; job: JobDetails }> {
    const campaign = await repo.findById(campaignId);
    if (!campaign) throw AppError.notFound(NOT_FOUND);
    try {
      return { campaign, job: await visibleJob(actor, campaign.jobId) };
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 404) throw AppError.notFound(NOT_FOUND);
      throw error;
    }
  };
}
export type VisibleCampaign = ReturnType<typeof createCampaignLookup>;
