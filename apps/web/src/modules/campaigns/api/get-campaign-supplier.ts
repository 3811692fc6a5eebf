import { campaignsEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { campaignsQueryKeys } from './campaigns-query-keys';

/** One supplier of a campaign with the timeline of every event. */
function getCampaignSupplier(campaignId: string, supplierKey: string, signal?: AbortSignal) {
  return apiRequest(campaignsEndpoints.getCampaignSupplier, {
    params: { campaignId, supplierKey },
    signal,
  });
}

function campaignSupplierQueryOptions(campaignId: string, supplierKey: string) {
  return queryOptions({
    queryKey: campaignsQueryKeys.supplier(campaignId, supplierKey),
    queryFn: ({ signal }) => getCampaignSupplier(campaignId, supplierKey, signal),
  });
}

export function useCampaignSupplier(campaignId: string, supplierKey: string) {
  return useQuery(campaignSupplierQueryOptions(campaignId, supplierKey));
}
