import { resourceGuardEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { resourceGuardQueryKeys } from './resource-guard-query-keys';

/** Every resource limit with its default and who set it. */
export function listResourceLimits(signal?: AbortSignal) {
  return apiRequest(resourceGuardEndpoints.listResourceLimits, { signal });
}

export function resourceLimitsQueryOptions() {
  return queryOptions({
    queryKey: resourceGuardQueryKeys.limits,
    queryFn: ({ signal }) => listResourceLimits(signal),
  });
}

export function useResourceLimits() {
  return useQuery(resourceLimitsQueryOptions());
}
