import { PROQ_LIMITS, proqEndpoints } from '@b2b/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useRefetchInterval } from '../../../lib/client-flags';
import { devopsQueryKeys } from './devops-query-keys';

/** Queue counts, running and paused flags; refreshed every 4 s while queries-refetch is on. */
export function useProqMonitoringData() {
  const refetchInterval = useRefetchInterval(PROQ_LIMITS.refetchIntervalMs);
  return useQuery({
    queryKey: devopsQueryKeys.monitoring,
    queryFn: ({ signal }) => apiRequest(proqEndpoints.getMonitoringData, { signal }),
    refetchInterval,
  });
}

/** Counts per state, overall and per command type. */
export function useProqCommandsInfo() {
  const refetchInterval = useRefetchInterval(PROQ_LIMITS.refetchIntervalMs);
  return useQuery({
    queryKey: devopsQueryKeys.commandsInfo,
    queryFn: ({ signal }) => apiRequest(proqEndpoints.getCommandsInfo, { signal }),
    refetchInterval,
  });
}

/** Latest commands of every job, Blocked hidden (navbar quick view). */
export function useProqQuickView({ enabled = true }: { enabled?: boolean } = {}) {
  const refetchInterval = useRefetchInterval(PROQ_LIMITS.refetchIntervalMs);
  return useQuery({
    queryKey: devopsQueryKeys.quickView,
    queryFn: ({ signal }) => apiRequest(proqEndpoints.getQuickView, { signal }),
    refetchInterval,
    enabled,
  });
}
