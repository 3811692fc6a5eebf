import { usersEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminQueryKeys } from './admin-query-keys';

/** One user with roles and memberships. */
export function getUser(id: string, signal?: AbortSignal) {
  return apiRequest(usersEndpoints.getUser, { params: { id }, signal });
}

export function getUserQueryOptions(id: string) {
  return queryOptions({
    queryKey: adminQueryKeys.user(id),
    queryFn: ({ signal }) => getUser(id, signal),
  });
}

export function useUser(id: string) {
  return useQuery(getUserQueryOptions(id));
}
