import { globalInsightsEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { GlobalFilter } from '../hooks/use-global-filter';
import { globalInsightsKeys } from './global-insights-query-keys';
import {
  filterQuery,
  GLOBAL_INSIGHTS_STALE_MS,
  retryGlobalInsights,
} from './global-insights-query';

/** The slicers over the filtered jobs and the values each may take. */
export function getGlobalSlicers(filter: GlobalFilter, signal?: AbortSignal) {
  return apiRequest(globalInsightsEndpoints.getGlobalSlicers, {
    query: filterQuery(filter),
    signal,
  });
}

export function globalSlicersQueryOptions(filter: GlobalFilter) {
  return queryOptions({
    queryKey: globalInsightsKeys.slicers(filter),
    queryFn: ({ signal }) => getGlobalSlicers(filter, signal),
    staleTime: GLOBAL_INSIGHTS_STALE_MS,
    retry: retryGlobalInsights,
  });
}

export function useGlobalSlicers(filter: GlobalFilter) {
  return useQuery(globalSlicersQueryOptions(filter));
}
