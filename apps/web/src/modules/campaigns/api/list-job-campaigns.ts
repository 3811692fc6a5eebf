import { campaignsEndpoints, type PagedListRequest } from '@b2b/contract';
import { apiRequest } from '../../../lib/api-client';

/** A page of a job's campaigns with their counters; no route filter means All Routes. */
export function listJobCampaigns(jobId: string, body: PagedListRequest, signal?: AbortSignal) {
  return apiRequest(campaignsEndpoints.listJobCampaigns, { params: { id: jobId }, body, signal });
}
