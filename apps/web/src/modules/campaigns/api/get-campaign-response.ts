import { campaignsEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Public: what a supplier's response link shows (issuer, buyer, card product); 410 once gone. */
function getCampaignResponse(token: string, signal?: AbortSignal) {
  return apiRequest(campaignsEndpoints.getCampaignResponse, { params: { token }, signal });
}

/** Keyed apart from the signed-in campaign screens: a supplier's page shares no cache with them. */
const responseKey = (token: string) => ['campaign-response', token] as const;

function campaignResponseQueryOptions(token: string) {
  return queryOptions({
    queryKey: responseKey(token),
    queryFn: ({ signal }) => getCampaignResponse(token, signal),
    // An expired or used link stays so: asking again cannot change the answer.
    retry: false,
    staleTime: Infinity,
  });
}

export function useCampaignResponse(token: string) {
  return useQuery(campaignResponseQueryOptions(token));
}
