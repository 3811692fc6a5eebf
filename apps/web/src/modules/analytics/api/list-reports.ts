import { analyticsEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { analyticsKeys } from './analytics-query-keys';

/** The saved reports the user owns or that are shared with them. */
export function listReports(signal?: AbortSignal) {
  return apiRequest(analyticsEndpoints.listReports, { signal });
}

export function reportsQueryOptions() {
  return queryOptions({
    queryKey: analyticsKeys.reports,
    queryFn: ({ signal }) => listReports(signal),
  });
}

export function useReports() {
  return useQuery(reportsQueryOptions());
}
