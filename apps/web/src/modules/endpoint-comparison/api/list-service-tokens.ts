import { endpointComparisonEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { endpointComparisonQueryKeys } from './endpoint-comparison-query-keys';

/** The signed-in user's own service tokens (never the tokens themselves). */
export function listServiceTokens(signal?: AbortSignal) {
  return apiRequest(endpointComparisonEndpoints.listServiceTokens, { signal });
}

export function serviceTokensQueryOptions() {
  return queryOptions({
    queryKey: endpointComparisonQueryKeys.serviceTokens,
    queryFn: ({ signal }) => listServiceTokens(signal),
  });
}

export function useServiceTokens() {
  return useQuery(serviceTokensQueryOptions());
}
