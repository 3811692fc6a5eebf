import { dashboardEndpoints, type DashboardInterval } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { DASHBOARD_REFRESH_MS, dashboardKeys } from './dashboard-query-keys';

/** Visible jobs created per week or month, by type and by status now. */
export function getJobActivity(interval: DashboardInterval, signal?: AbortSignal) {
  return apiRequest(dashboardEndpoints.getJobActivity, { query: { interval }, signal });
}

export function jobActivityQueryOptions(interval: DashboardInterval) {
  return queryOptions({
    queryKey: dashboardKeys.jobActivity(interval),
    queryFn: ({ signal }) => getJobActivity(interval, signal),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
}

export function useJobActivity(interval: DashboardInterval) {
  return useQuery(jobActivityQueryOptions(interval));
}
