import { dashboardEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { dashboardKeys } from './dashboard-query-keys';

/** As the ProQ quick views (SPEC §9: every 4 s). */
const PROQ_REFRESH_MS = 4_000;

/** ProQ health: queue depth, failed commands, workers alive. */
export function getProqHealth(signal?: AbortSignal) {
  return apiRequest(dashboardEndpoints.getProqHealth, { signal });
}

export function proqHealthQueryOptions() {
  return queryOptions({
    queryKey: dashboardKeys.proq,
    queryFn: ({ signal }) => getProqHealth(signal),
    refetchInterval: PROQ_REFRESH_MS,
  });
}

export function useProqHealth() {
  return useQuery(proqHealthQueryOptions());
}
