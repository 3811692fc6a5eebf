import { PROQ_LIMITS, proqEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useRefetchInterval } from '../../../lib/client-flags';
import { devopsQueryKeys } from './devops-query-keys';

/** Latest commands of every job, Blocked hidden (navbar quick view). */
export function getQuickView(signal?: AbortSignal) {
  return apiRequest(proqEndpoints.getQuickView, { signal });
}

export function proqQuickViewQueryOptions() {
  return queryOptions({
    queryKey: devopsQueryKeys.quickView,
    queryFn: ({ signal }) => getQuickView(signal),
  });
}

export function useProqQuickView({ enabled = true }: { enabled?: boolean } = {}) {
  const refetchInterval = useRefetchInterval(PROQ_LIMITS.refetchIntervalMs);
  return useQuery({ ...proqQuickViewQueryOptions(), refetchInterval, enabled });
}
