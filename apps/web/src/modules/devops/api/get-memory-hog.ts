import { runtimeEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { devopsQueryKeys } from './devops-query-keys';

/** The memory-pressure exercise under way, if any, and the server's resident memory. */
export function getMemoryHog(signal?: AbortSignal) {
  return apiRequest(runtimeEndpoints.getMemoryHog, { signal });
}

export function memoryHogQueryOptions() {
  return queryOptions({
    queryKey: devopsQueryKeys.memoryHog,
    queryFn: ({ signal }) => getMemoryHog(signal),
    // While one runs, the resident memory is followed every 2 s until it is let go.
    refetchInterval: (query) => (query.state.data?.running ? 2000 : false),
  });
}

export function useMemoryHog() {
  return useQuery(memoryHogQueryOptions());
}
