import { dashboardEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { DASHBOARD_REFRESH_MS, dashboardKeys } from './dashboard-query-keys';

/** Campaigns by status and the active ones with their tracker counters. */
export function getDashboardCampaigns(signal?: AbortSignal) {
  return apiRequest(dashboardEndpoints.getCampaigns, { signal });
}

export function dashboardCampaignsQueryOptions() {
  return queryOptions({
    queryKey: dashboardKeys.campaigns,
    queryFn: ({ signal }) => getDashboardCampaigns(signal),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
}

export function useDashboardCampaigns() {
  return useQuery(dashboardCampaignsQueryOptions());
}
