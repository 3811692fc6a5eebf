import type { CampaignWorkflowRoute } from '@b2b/contract';
import { type Actor, actorCan } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';

/**
 * Record-level rules of campaigns. Who sees a campaign is who sees its job (jobs.policy: the
 * service loads the job through the jobs service, a job the actor may not see is a 404); what
 * may be done to it depends on the permission and on the campaign's and job's state.
 */

export type CampaignFacts = { status: string };

/** Routes whose suppliers are reached by our e-mail: the others need no contact address. */
export const isEmailRoute = (route: CampaignWorkflowRoute) =>
  route !== 'IsVlbAutoEnrolled' && route !== 'ExternalCampaign';

export type CampaignAction = 'start' | 'complete' | 'edit' | 'uploadOutcomes' | 'recordBounce';

/** 403 without the permission; 409 saying why when the campaign's state does not allow it. */
export function authorize(actor: Actor, action: CampaignAction, campaign: CampaignFacts): void {
  switch (action) {
    case 'start':
      if (!actorCan(actor, 'CampaignUpdate')) throw AppError.forbidden();
      if (campaign.status !== 'Pending')
        throw AppError.conflict(`The campaign is ${campaign.status}; only a Pending one starts.`);
      return;
    case 'complete':
      if (!actorCan(actor, 'CampaignUpdate')) throw AppError.forbidden();
      if (campaign.status === 'Completed')
        throw AppError.conflict('The campaign is already Completed.');
      return;
    case 'edit':
      if (!actorCan(actor, 'CampaignUpdate')) throw AppError.forbidden();
      if (campaign.status === 'Completed')
        throw AppError.conflict('The campaign is Completed; it can no longer change.');
      return;
    // A bounce is a fact about a mail already sent: it may arrive after the campaign closed.
    case 'recordBounce':
      if (!actorCan(actor, 'CampaignUpdate')) throw AppError.forbidden();
      return;
    case 'uploadOutcomes':
      if (!actorCan(actor, 'Campaign_UPLOAD')) throw AppError.forbidden();
      return;
  }
}

/** A campaign is created on a Completed job only: its supplier results are final. */
export function authorizeCreate(actor: Actor, job: { status: string }): void {
  if (!actorCan(actor, 'CampaignCreate')) throw AppError.forbidden();
  if (job.status !== 'Completed')
    throw AppError.conflict(
      `The job is ${job.status}; a campaign can be created once the job is Completed.`,
    );
}
