import { dashboardEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { DASHBOARD_REFRESH_MS, dashboardKeys } from './dashboard-query-keys';

/** Visible jobs running and failed now, with the latest of each. */
export function getJobsNow(signal?: AbortSignal) {
  return apiRequest(dashboardEndpoints.getJobsNow, { signal });
}

export function jobsNowQueryOptions() {
  return queryOptions({
    queryKey: dashboardKeys.jobsNow,
    queryFn: ({ signal }) => getJobsNow(signal),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
}

export function useJobsNow() {
  return useQuery(jobsNowQueryOptions());
}
