import { globalInsightsEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Slice } from '../../../components/charts/slice-fields';
import { apiRequest } from '../../../lib/api-client';
import type { GlobalFilter } from '../hooks/use-global-filter';
import { globalInsightsKeys } from './global-insights-query-keys';
import {
  filterQuery,
  GLOBAL_INSIGHTS_STALE_MS,
  retryGlobalInsights,
} from './global-insights-query';

/**
 * The slice the loading page adds up first. Its summary also says which currencies the filtered
 * jobs have (the same at any slice), so the filter bar reads it from there: usually cached.
 */
export const DEFAULT_SLICE: Slice = { slicer: 'Overall', slicerValue: 'All', product: 'All' };

/** The summary tiles and charts over every job the filter selects, at one slice. */
export function getGlobalSummary(filter: GlobalFilter, slice: Slice, signal?: AbortSignal) {
  return apiRequest(globalInsightsEndpoints.getGlobalSummary, {
    query: { ...filterQuery(filter), ...slice },
    signal,
  });
}

export function globalSummaryQueryOptions(filter: GlobalFilter, slice: Slice) {
  return queryOptions({
    queryKey: globalInsightsKeys.summary(filter, slice),
    queryFn: ({ signal }) => getGlobalSummary(filter, slice, signal),
    staleTime: GLOBAL_INSIGHTS_STALE_MS,
    retry: retryGlobalInsights,
  });
}

export function useGlobalSummary(filter: GlobalFilter, slice: Slice) {
  return useQuery(globalSummaryQueryOptions(filter, slice));
}
