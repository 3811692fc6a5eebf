import { globalInsightsEndpoints, type InsightChart } from '@b2b/contract';
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

/** One insights chart over every job the filter selects, at one slice. */
export function getGlobalChart(
  filter: GlobalFilter,
  slice: Slice,
  chart: InsightChart,
  signal?: AbortSignal,
) {
  return apiRequest(globalInsightsEndpoints.getGlobalChart, {
    query: { ...filterQuery(filter), ...slice, chart },
    signal,
  });
}

export function globalChartQueryOptions(filter: GlobalFilter, slice: Slice, chart: InsightChart) {
  return queryOptions({
    queryKey: globalInsightsKeys.chart(filter, slice, chart),
    queryFn: ({ signal }) => getGlobalChart(filter, slice, chart, signal),
    staleTime: GLOBAL_INSIGHTS_STALE_MS,
    retry: retryGlobalInsights,
  });
}

export function useGlobalChart(
  filter: GlobalFilter,
  slice: Slice,
  chart: InsightChart,
  enabled = true,
) {
  return useQuery({ ...globalChartQueryOptions(filter, slice, chart), enabled });
}
