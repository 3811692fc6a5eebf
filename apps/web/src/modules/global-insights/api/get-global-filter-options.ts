import { globalInsightsEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { globalInsightsKeys } from './global-insights-query-keys';
import { GLOBAL_INSIGHTS_STALE_MS, retryGlobalInsights } from './global-insights-query';

/** The issuers, buyers and jobs the user may filter global insights by. */
export function getGlobalFilterOptions(signal?: AbortSignal) {
  return apiRequest(globalInsightsEndpoints.getGlobalFilterOptions, { signal });
}

export function globalFilterOptionsQueryOptions() {
  return queryOptions({
    queryKey: globalInsightsKeys.filterOptions,
    queryFn: ({ signal }) => getGlobalFilterOptions(signal),
    staleTime: GLOBAL_INSIGHTS_STALE_MS,
    retry: retryGlobalInsights,
  });
}

export function useGlobalFilterOptions() {
  return useQuery(globalFilterOptionsQueryOptions());
}
