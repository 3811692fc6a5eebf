import { PROQ_LIMITS, proqEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useRefetchInterval } from '../../../lib/client-flags';
import { devopsQueryKeys } from './devops-query-keys';

/** Queue counts, running and paused flags. */
export function getMonitoringData(signal?: AbortSignal) {
  return apiRequest(proqEndpoints.getMonitoringData, { signal });
}

export function proqMonitoringQueryOptions() {
  return queryOptions({
    queryKey: devopsQueryKeys.monitoring,
    queryFn: ({ signal }) => getMonitoringData(signal),
  });
}

/** Refreshed every 4 s while queries-refetch is on. */
export function useProqMonitoringData() {
  const refetchInterval = useRefetchInterval(PROQ_LIMITS.refetchIntervalMs);
  return useQuery({ ...proqMonitoringQueryOptions(), refetchInterval });
}
