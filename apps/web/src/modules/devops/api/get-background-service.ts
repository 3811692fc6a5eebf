import { runtimeEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { devopsQueryKeys } from './devops-query-keys';

/** Whether this server process's ProQ workers take new commands. */
export function getBackgroundService(signal?: AbortSignal) {
  return apiRequest(runtimeEndpoints.getBackgroundService, { signal });
}

export function backgroundServiceQueryOptions() {
  return queryOptions({
    queryKey: devopsQueryKeys.backgroundService,
    queryFn: ({ signal }) => getBackgroundService(signal),
  });
}

export function useBackgroundService() {
  return useQuery(backgroundServiceQueryOptions());
}
