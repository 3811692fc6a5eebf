import { campaignsEndpoints, type PagedListRequest } from '@b2b/contract';
import { apiRequest } from '../../../lib/api-client';

/** The tracker: a page of a campaign's suppliers. */
export function listCampaignSuppliers(
  campaignId: string,
  body: PagedListRequest,
  signal?: AbortSignal,
) {
  return apiRequest(campaignsEndpoints.listCampaignSuppliers, {
    params: { campaignId },
    body,
    signal,
  });
}
