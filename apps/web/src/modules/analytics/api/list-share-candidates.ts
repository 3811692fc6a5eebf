import { analyticsEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { analyticsKeys } from './analytics-query-keys';

/** Users a report can be shared with (holding AnalyticsQuery_VIEW). */
export function listShareCandidates(signal?: AbortSignal) {
  return apiRequest(analyticsEndpoints.listShareCandidates, { signal });
}

export function shareCandidatesQueryOptions() {
  return queryOptions({
    queryKey: analyticsKeys.shareCandidates,
    queryFn: ({ signal }) => listShareCandidates(signal),
  });
}

export function useShareCandidates() {
  return useQuery(shareCandidatesQueryOptions());
}
