import { PROQ_LIMITS, resourceGuardEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useRefetchInterval } from '../../../lib/client-flags';
import { resourceGuardQueryKeys } from './resource-guard-query-keys';

/** Live usage beside the limits. */
export function getResourceUsage(signal?: AbortSignal) {
  return apiRequest(resourceGuardEndpoints.getResourceUsage, { signal });
}

export function resourceUsageQueryOptions() {
  return queryOptions({
    queryKey: resourceGuardQueryKeys.usage,
    queryFn: ({ signal }) => getResourceUsage(signal),
  });
}

/** Refreshed as often as the ProQ monitoring screen, while queries-refetch is on. */
export function useResourceUsage() {
  const refetchInterval = useRefetchInterval(PROQ_LIMITS.refetchIntervalMs);
  return useQuery({ ...resourceUsageQueryOptions(), refetchInterval });
}
