import { campaignsEndpoints, type PagedListRequest } from '@b2b/contract';
import { apiRequest } from '../../../lib/api-client';

/** A page of the suppliers a campaign left out or cannot e-mail, each with its reason. */
export function listCampaignExclusions(
  campaignId: string,
  body: PagedListRequest,
  signal?: AbortSignal,
) {
  return apiRequest(campaignsEndpoints.listCampaignExclusions, {
    params: { campaignId },
    body,
    signal,
  });
}
