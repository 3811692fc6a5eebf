import type { CampaignWorkflowRoute } from '@b2b/contract';
import type { Database } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import type { VisibleCampaign } from './campaign-lookup.js';
import { authorize, isEmailRoute } from './campaigns.policy.js';
import { linkTokenHash, newLinkToken } from '../../lib/link-tokens.js';
import { createResponseLinkRepo } from './response-link.repo.js';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Fresh response links (SPEC §3 campaign outreach): a campaign manager hands a supplier whose
 * e-mail was lost a link by another channel. The token is made and stored (hashed) as the
 * e-mailed ones are, so the public page treats it the same: single use, expiring.
 */
export function createResponseLinkService(
  db: Database,
  deps: { visibleCampaign: VisibleCampaign; publicUrl: string; linkValidDays: number },
) {
  const repo = createResponseLinkRepo(db);
  return {
    async issue(actor: Actor, campaignId: string, supplierKey: string) {
      const { campaign } = await deps.visibleCampaign(actor, campaignId);
      authorize(actor, 'edit', campaign);
      if (campaign.status !== 'Active')
        throw AppError.conflict('The campaign is Pending; start it before handing out links.');
      if (!isEmailRoute(campaign.route as CampaignWorkflowRoute))
        throw AppError.conflict(
          'The campaign’s route does not ask suppliers to answer; it has no response links.',
        );
      const supplier = await repo.supplierState(campaign.id, supplierKey);
      if (!supplier) throw AppError.notFound('The supplier is not in this campaign.');
      if (supplier.status === 'Completed')
        throw AppError.conflict(
          `The supplier already has an outcome (${supplier.outcome ?? 'Completed'}); no new link.`,
        );
      // The public page answers for Active suppliers only (those the campaign contacts).
      if (supplier.status !== 'Active')
        throw AppError.conflict(
          'The supplier is not being contacted (no contact address); add one first.',
        );
      const token = newLinkToken();
      const expiresAt = new Date(Date.now() + deps.linkValidDays * DAY);
      await repo.addToken({
        tokenHash: linkTokenHash(token),
        campaignId: campaign.id,
        supplierKey,
        expiresAt,
      });
      return {
        link: `${deps.publicUrl}/campaign-response/${token}`,
        expiresAt: expiresAt.toISOString(),
      };
    },
  };
}
