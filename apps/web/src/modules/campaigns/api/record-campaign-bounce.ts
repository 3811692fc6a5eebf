import { campaignsEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { campaignsQueryKeys } from './campaigns-query-keys';

/** Records a bounce that arrived after the mail server accepted the e-mail (the DSN as received). */
function recordCampaignBounce(campaignId: string, message: string) {
  return apiRequest(campaignsEndpoints.recordCampaignBounce, {
    params: { campaignId },
    body: { message },
  });
}

export function useRecordCampaignBounce(campaignId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => recordCampaignBounce(campaignId, message),
    // The campaign's key holds its counters, grids and suppliers' timelines.
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: campaignsQueryKeys.campaign(campaignId) }),
  });
}
