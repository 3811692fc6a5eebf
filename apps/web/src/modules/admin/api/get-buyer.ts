import { buyersEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminQueryKeys } from './admin-query-keys';

/** One buyer with its issuer and country. */
export function getBuyer(id: string, signal?: AbortSignal) {
  return apiRequest(buyersEndpoints.getBuyer, { params: { id }, signal });
}

export function getBuyerQueryOptions(id: string) {
  return queryOptions({
    queryKey: adminQueryKeys.buyer(id),
    queryFn: ({ signal }) => getBuyer(id, signal),
  });
}

export function useBuyer(id: string) {
  return useQuery(getBuyerQueryOptions(id));
}
