import { campaignsEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { campaignsQueryKeys } from './campaigns-query-keys';

/** One campaign: route, cadence, template, counters and exclusions by reason. */
function getCampaign(campaignId: string, signal?: AbortSignal) {
  return apiRequest(campaignsEndpoints.getCampaign, { params: { campaignId }, signal });
}

function campaignQueryOptions(campaignId: string) {
  return queryOptions({
    queryKey: campaignsQueryKeys.campaign(campaignId),
    queryFn: ({ signal }) => getCampaign(campaignId, signal),
    // While a campaign runs its counters move with every answer: re-read them.
    refetchInterval: (query) => (query.state.data?.status === 'Active' ? 5000 : false),
  });
}

export function useCampaign(campaignId: string) {
  return useQuery(campaignQueryOptions(campaignId));
}
