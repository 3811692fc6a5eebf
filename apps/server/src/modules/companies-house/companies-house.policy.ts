import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import { type JobAbilityFacts, isOwnerOrEditor } from '../jobs/jobs.policy.js';

/**
 * Who may enrich which job's suppliers with Companies House data (issue 21). The route needs
 * Tools_Area_VIEW (SPEC §2 Tools); seeing the job at all is the jobs policy's (a job of another
 * issuer is a 404 before this is asked). Enriching changes the job's suppliers and insights, so
 * it is for the job's team: its owner, or a user holding JobEdit — as other result changes are.
 */

export const canEnrichJob = (actor: Actor, job: JobAbilityFacts): boolean =>
  isOwnerOrEditor(actor, job);

export type EnrichmentAction = 'view' | 'start';

export function authorize(actor: Actor, action: EnrichmentAction, job: JobAbilityFacts): void {
  if (action === 'view') return;
  if (!canEnrichJob(actor, job)) {
    throw AppError.forbidden(
      "Only the job's owner or a user who may edit jobs (JobEdit) can enrich its suppliers.",
    );
  }
  if (job.status !== 'Completed') {
    throw AppError.conflict(
      `Only a Completed job's suppliers can be enriched; this job's status is ${job.status}.`,
    );
  }
}
