import { PROQ_LIMITS, proqEndpoints } from '@b2b/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useRefetchInterval } from '../../../lib/client-flags';

/** The retry back-off: its configured bounds and the latest retry's delay and time left. */
export function getBackoffStrategyData(signal?: AbortSignal) {
  return apiRequest(proqEndpoints.getBackoffStrategyData, { signal });
}

/** Refreshed like the other ProQ views, while queries-refetch is on. */
export function useBackoffStrategy() {
  const refetchInterval = useRefetchInterval(PROQ_LIMITS.refetchIntervalMs);
  return useQuery({
    queryKey: ['proq', 'backoff-strategy'],
    queryFn: ({ signal }) => getBackoffStrategyData(signal),
    refetchInterval,
  });
}
