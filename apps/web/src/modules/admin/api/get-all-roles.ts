import { authorizationEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminQueryKeys } from './admin-query-keys';

/** Every role a user may be given, standard and tabbed view. */
export function getAllRoles(signal?: AbortSignal) {
  return apiRequest(authorizationEndpoints.getAllRoles, { signal });
}

export function allRolesQueryOptions() {
  return queryOptions({
    queryKey: adminQueryKeys.allRoles,
    queryFn: ({ signal }) => getAllRoles(signal),
    staleTime: Infinity,
  });
}

export function useAllRoles() {
  return useQuery(allRolesQueryOptions());
}
