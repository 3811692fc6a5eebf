import { insightsEndpoints, type InsightChartQuery, type InsightSliceQuery } from '@b2b/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';

const keys = {
  all: (jobId: string) => ['jobs', jobId, 'insights'] as const,
  summary: (jobId: string, slice: InsightSliceQuery) =>
    [...keys.all(jobId), 'summary', slice] as const,
  chart: (jobId: string, query: InsightChartQuery) => [...keys.all(jobId), 'chart', query] as const,
  slicers: (jobId: string) => [...keys.all(jobId), 'slicers'] as const,
};

/** Insights do not change until the job is re-run: cached for the visit, never polled. */
const STALE_MS = 5 * 60_000;
// 409 (not computed yet, or a Matched Data Only job) and 404/403 are answers, not glitches.
const retry = (count: number, error: unknown) =>
  !isApiError(error, 409) && !isApiError(error, 404) && !isApiError(error, 403) && count < 2;

export function useJobSummary(jobId: string, slice: InsightSliceQuery) {
  return useQuery({
    queryKey: keys.summary(jobId, slice),
    queryFn: ({ signal }) =>
      apiRequest(insightsEndpoints.getJobSummary, { params: { id: jobId }, query: slice, signal }),
    staleTime: STALE_MS,
    retry,
  });
}

export function useInsightChart(jobId: string, query: InsightChartQuery, enabled = true) {
  return useQuery({
    enabled,
    queryKey: keys.chart(jobId, query),
    queryFn: ({ signal }) =>
      apiRequest(insightsEndpoints.getJobInsightChart, { params: { id: jobId }, query, signal }),
    staleTime: STALE_MS,
    retry,
  });
}

export function useInsightSlicers(jobId: string) {
  return useQuery({
    queryKey: keys.slicers(jobId),
    queryFn: ({ signal }) =>
      apiRequest(insightsEndpoints.getJobInsightSlicers, { params: { id: jobId }, signal }),
    staleTime: STALE_MS,
    retry,
  });
}
