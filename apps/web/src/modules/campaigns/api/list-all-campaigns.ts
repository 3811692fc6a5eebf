import { campaignsEndpoints, type PagedListRequest } from '@b2b/contract';
import { apiRequest } from '../../../lib/api-client';

/** A page of the campaigns of every job the user may see (the global list). */
export function listAllCampaigns(body: PagedListRequest, signal?: AbortSignal) {
  return apiRequest(campaignsEndpoints.listAllCampaigns, { body, signal });
}
