import { campaignResponseLinkEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { campaignsQueryKeys } from './campaigns-query-keys';

/** A fresh single-use response link for one supplier, to hand over by another channel. */
function issueCampaignResponseLink(campaignId: string, supplierKey: string) {
  return apiRequest(campaignResponseLinkEndpoints.issueCampaignResponseLink, {
    params: { campaignId, supplierKey },
  });
}

export function useIssueCampaignResponseLink(campaignId: string, supplierKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => issueCampaignResponseLink(campaignId, supplierKey),
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: campaignsQueryKeys.supplier(campaignId, supplierKey),
      }),
  });
}
