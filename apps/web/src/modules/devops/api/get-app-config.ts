import { runtimeEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { devopsQueryKeys } from './devops-query-keys';

/** The running configuration, secrets masked by the server. */
export function getAppConfig(signal?: AbortSignal) {
  return apiRequest(runtimeEndpoints.getAppConfig, { signal });
}

export function appConfigQueryOptions() {
  return queryOptions({
    queryKey: devopsQueryKeys.appConfig,
    queryFn: ({ signal }) => getAppConfig(signal),
  });
}

export function useAppConfig() {
  return useQuery(appConfigQueryOptions());
}
