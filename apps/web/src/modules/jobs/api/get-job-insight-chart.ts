import { insightsEndpoints, type InsightChartQuery } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { jobsQueryKeys } from './jobs-query-keys';
import { INSIGHTS_STALE_MS, retryUnlessAnswered } from './jobs-query-retry';

/** One insights chart of a job at one slice. */
export function getJobInsightChart(jobId: string, query: InsightChartQuery, signal?: AbortSignal) {
  return apiRequest(insightsEndpoints.getJobInsightChart, {
    params: { id: jobId },
    query,
    signal,
  });
}

export function jobInsightChartQueryOptions(jobId: string, query: InsightChartQuery) {
  return queryOptions({
    queryKey: jobsQueryKeys.insightChart(jobId, query),
    queryFn: ({ signal }) => getJobInsightChart(jobId, query, signal),
    staleTime: INSIGHTS_STALE_MS,
    retry: retryUnlessAnswered,
  });
}

export function useInsightChart(jobId: string, query: InsightChartQuery, enabled = true) {
  return useQuery({ ...jobInsightChartQueryOptions(jobId, query), enabled });
}
