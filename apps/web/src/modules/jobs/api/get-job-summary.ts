import { insightsEndpoints, type InsightSliceQuery } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { jobsQueryKeys } from './jobs-query-keys';
import { INSIGHTS_STALE_MS, retryUnlessAnswered } from './jobs-query-retry';

/** A job's summary tiles and summary charts at one slice. */
export function getJobSummary(jobId: string, slice: InsightSliceQuery, signal?: AbortSignal) {
  return apiRequest(insightsEndpoints.getJobSummary, {
    params: { id: jobId },
    query: slice,
    signal,
  });
}

export function jobSummaryQueryOptions(jobId: string, slice: InsightSliceQuery) {
  return queryOptions({
    queryKey: jobsQueryKeys.insightSummary(jobId, slice),
    queryFn: ({ signal }) => getJobSummary(jobId, slice, signal),
    staleTime: INSIGHTS_STALE_MS,
    retry: retryUnlessAnswered,
  });
}

export function useJobSummary(jobId: string, slice: InsightSliceQuery) {
  return useQuery(jobSummaryQueryOptions(jobId, slice));
}
