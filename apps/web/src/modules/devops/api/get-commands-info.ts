import { PROQ_LIMITS, proqEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useRefetchInterval } from '../../../lib/client-flags';
import { devopsQueryKeys } from './devops-query-keys';

/** Counts per state, overall and per command type. */
export function getCommandsInfo(signal?: AbortSignal) {
  return apiRequest(proqEndpoints.getCommandsInfo, { signal });
}

export function proqCommandsInfoQueryOptions() {
  return queryOptions({
    queryKey: devopsQueryKeys.commandsInfo,
    queryFn: ({ signal }) => getCommandsInfo(signal),
  });
}

/** Refreshed like the other ProQ views, while queries-refetch is on. */
export function useProqCommandsInfo() {
  const refetchInterval = useRefetchInterval(PROQ_LIMITS.refetchIntervalMs);
  return useQuery({ ...proqCommandsInfoQueryOptions(), refetchInterval });
}
