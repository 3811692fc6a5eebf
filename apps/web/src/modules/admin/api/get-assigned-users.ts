import { issuersEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminQueryKeys } from './admin-query-keys';

/** The issuer's managers and members. */
export function getAssignedUsers(id: string, signal?: AbortSignal) {
  return apiRequest(issuersEndpoints.getAssignedUsers, { params: { id }, signal });
}

export function getAssignedUsersQueryOptions(id: string) {
  return queryOptions({
    queryKey: adminQueryKeys.issuerMembers(id),
    queryFn: ({ signal }) => getAssignedUsers(id, signal),
  });
}

export function useIssuerMembers(id: string) {
  return useQuery(getAssignedUsersQueryOptions(id));
}
