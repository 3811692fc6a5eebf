import { insightsEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { jobsQueryKeys } from './jobs-query-keys';
import { INSIGHTS_STALE_MS, retryUnlessAnswered } from './jobs-query-retry';

/** The slicers of a job's insights and the values each may take. */
export function getJobInsightSlicers(jobId: string, signal?: AbortSignal) {
  return apiRequest(insightsEndpoints.getJobInsightSlicers, { params: { id: jobId }, signal });
}

export function jobInsightSlicersQueryOptions(jobId: string) {
  return queryOptions({
    queryKey: jobsQueryKeys.insightSlicers(jobId),
    queryFn: ({ signal }) => getJobInsightSlicers(jobId, signal),
    staleTime: INSIGHTS_STALE_MS,
    retry: retryUnlessAnswered,
  });
}

export function useInsightSlicers(jobId: string) {
  return useQuery(jobInsightSlicersQueryOptions(jobId));
}
