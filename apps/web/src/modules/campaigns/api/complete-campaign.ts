import { campaignsEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { campaignsQueryKeys } from './campaigns-query-keys';

/** Closes a campaign now: suppliers without an answer end as NoResponse. */
function completeCampaign(campaignId: string) {
  return apiRequest(campaignsEndpoints.completeCampaign, { params: { campaignId } });
}

export function useCompleteCampaign(campaignId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => completeCampaign(campaignId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignsQueryKeys.all }),
  });
}
