import { campaignsEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { campaignsQueryKeys } from './campaigns-query-keys';

/** Pending → Active: day 0 of the cadence; the e-mails go out through ProQ. */
function startCampaign(campaignId: string) {
  return apiRequest(campaignsEndpoints.startCampaign, { params: { campaignId } });
}

export function useStartCampaign(campaignId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => startCampaign(campaignId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignsQueryKeys.all }),
  });
}
