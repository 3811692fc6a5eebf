import { systemEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { PUBLIC_QUERY_SCOPE } from '../../../lib/query-client';

/** The site configuration the web app needs (environment, idle and version-check timings). */
export function getClientConfig(signal?: AbortSignal) {
  return apiRequest(systemEndpoints.getClientConfig, { signal });
}

/** Asked once per page load: the configuration changes only with a deployment. */
export function clientConfigQueryOptions() {
  return queryOptions({
    queryKey: [PUBLIC_QUERY_SCOPE, 'client-config'],
    queryFn: ({ signal }) => getClientConfig(signal),
    staleTime: Infinity,
    gcTime: Infinity,
    // A failure is not asked again by every component that mounts: the app runs on defaults.
    retryOnMount: false,
  });
}

export function useClientConfig() {
  return useQuery(clientConfigQueryOptions());
}
