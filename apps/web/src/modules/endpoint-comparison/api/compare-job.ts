import { endpointComparisonEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { endpointComparisonQueryKeys } from './endpoint-comparison-query-keys';

/** A job's details, summary, suppliers and insights compared with the other environment. */
export function compareJob(jobId: string, remoteJobId: string, signal?: AbortSignal) {
  return apiRequest(endpointComparisonEndpoints.compareJob, {
    params: { jobId },
    query: { remoteJobId },
    signal,
  });
}

export function jobComparisonQueryOptions(jobId: string, remoteJobId: string) {
  return queryOptions({
    queryKey: endpointComparisonQueryKeys.job(jobId, remoteJobId),
    queryFn: ({ signal }) => compareJob(jobId, remoteJobId, signal),
    // A comparison is taken when asked for (Compare again), not whenever the window regains focus.
    staleTime: Infinity,
    retry: false,
  });
}

export function useJobComparison(jobId: string, remoteJobId: string) {
  return useQuery(jobComparisonQueryOptions(jobId, remoteJobId));
}
