import { dashboardEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { dashboardKeys } from './dashboard-query-keys';

/** As the navbar's active users (SPEC §9: every 2 s). */
const ACTIVE_USERS_REFRESH_MS = 2_000;

/** How many people are active now, and the latest of them. */
export function getDashboardActiveUsers(signal?: AbortSignal) {
  return apiRequest(dashboardEndpoints.getActiveUsers, { signal });
}

export function dashboardActiveUsersQueryOptions() {
  return queryOptions({
    queryKey: dashboardKeys.activeUsers,
    queryFn: ({ signal }) => getDashboardActiveUsers(signal),
    refetchInterval: ACTIVE_USERS_REFRESH_MS,
  });
}

export function useDashboardActiveUsers() {
  return useQuery(dashboardActiveUsersQueryOptions());
}
