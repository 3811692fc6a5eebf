import {
  globalInsightsEndpoints,
  type GlobalInsightsFilterInput,
  type InsightChart,
  type PagedListRequest,
} from '@b2b/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { isApiError } from '../../lib/api-error';
import type { GlobalFilter } from './global-filter';
import type { Slice } from '../../components/charts/slice-fields';

const ALL = ['global-insights'] as const;
export const globalInsightsKeys = {
  all: ALL,
  summary: (filter: GlobalFilter, slice: Slice) =>
    [...globalInsightsKeys.all, 'summary', filter, slice] as const,
  chart: (filter: GlobalFilter, slice: Slice, chart: InsightChart) =>
    [...globalInsightsKeys.all, 'chart', filter, slice, chart] as const,
  slicers: (filter: GlobalFilter) => [...globalInsightsKeys.all, 'slicers', filter] as const,
  filterOptions: [...ALL, 'filter-options'] as const,
  organizations: (filter: GlobalFilter) =>
    [...globalInsightsKeys.all, 'organizations', filter] as const,
};

/** Insights change only when a job is (re-)computed: cached for the visit, never polled. */
const STALE_MS = 5 * 60_000;
// 400 (a filter the server refuses) and 403 are answers, not glitches worth repeating.
const retry = (count: number, error: unknown) =>
  !isApiError(error, 400) && !isApiError(error, 403) && count < 2;

/** Only the non-empty filters go into the query string. */
function filterQuery(filter: GlobalFilter): GlobalInsightsFilterInput {
  return {
    ...(filter.issuerIds.length > 0 ? { issuerIds: filter.issuerIds } : {}),
    ...(filter.buyerIds.length > 0 ? { buyerIds: filter.buyerIds } : {}),
    ...(filter.jobIds.length > 0 ? { jobIds: filter.jobIds } : {}),
    ...(filter.currency ? { currency: filter.currency } : {}),
  };
}

/**
 * The slice the loading page adds up first. Its summary also says which currencies the filtered
 * jobs have (the same at any slice), so the filter bar reads it from there: usually cached.
 */
export const DEFAULT_SLICE: Slice = { slicer: 'Overall', slicerValue: 'All', product: 'All' };

export function useGlobalSummary(filter: GlobalFilter, slice: Slice) {
  return useQuery({
    queryKey: globalInsightsKeys.summary(filter, slice),
    queryFn: ({ signal }) =>
      apiRequest(globalInsightsEndpoints.getGlobalSummary, {
        query: { ...filterQuery(filter), ...slice },
        signal,
      }),
    staleTime: STALE_MS,
    retry,
  });
}

export function useGlobalChart(
  filter: GlobalFilter,
  slice: Slice,
  chart: InsightChart,
  enabled = true,
) {
  return useQuery({
    enabled,
    queryKey: globalInsightsKeys.chart(filter, slice, chart),
    queryFn: ({ signal }) =>
      apiRequest(globalInsightsEndpoints.getGlobalChart, {
        query: { ...filterQuery(filter), ...slice, chart },
        signal,
      }),
    staleTime: STALE_MS,
    retry,
  });
}

export function useGlobalSlicers(filter: GlobalFilter) {
  return useQuery({
    queryKey: globalInsightsKeys.slicers(filter),
    queryFn: ({ signal }) =>
      apiRequest(globalInsightsEndpoints.getGlobalSlicers, { query: filterQuery(filter), signal }),
    staleTime: STALE_MS,
    retry,
  });
}

export function useGlobalFilterOptions() {
  return useQuery({
    queryKey: globalInsightsKeys.filterOptions,
    queryFn: ({ signal }) => apiRequest(globalInsightsEndpoints.getGlobalFilterOptions, { signal }),
    staleTime: STALE_MS,
    retry,
  });
}

export function listOrganizations(
  filter: GlobalFilter,
  request: PagedListRequest,
  signal?: AbortSignal,
) {
  return apiRequest(globalInsightsEndpoints.listGlobalOrganizations, {
    body: { ...request, ...filter },
    signal,
  });
}
