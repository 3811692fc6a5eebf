import { usersEndpoints } from '@b2b/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminQueryKeys } from './admin-query-keys';

/** Users to pick for an issuer: eligible and not yet members (20 at most). */
export function getPotentialIssuerUsers(issuerId: string, search: string, signal?: AbortSignal) {
  return apiRequest(usersEndpoints.getPotentialIssuerUsers, {
    query: { issuerId, search: search || undefined, limit: 20 },
    signal,
  });
}

export function potentialIssuerUsersQueryOptions(issuerId: string, search: string) {
  return queryOptions({
    queryKey: adminQueryKeys.userSearch(`issuer:${issuerId}`, search),
    queryFn: ({ signal }) => getPotentialIssuerUsers(issuerId, search, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePotentialIssuerUsers(issuerId: string, search: string) {
  return useQuery(potentialIssuerUsersQueryOptions(issuerId, search));
}
