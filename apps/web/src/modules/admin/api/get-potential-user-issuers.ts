import { usersEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminQueryKeys } from './admin-query-keys';

/** Issuers the user may still join. */
export function getPotentialUserIssuers(id: string, signal?: AbortSignal) {
  return apiRequest(usersEndpoints.getPotentialUserIssuers, { params: { id }, signal });
}

export function getPotentialUserIssuersQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...adminQueryKeys.user(id), 'potential-issuers'],
    queryFn: ({ signal }) => getPotentialUserIssuers(id, signal),
  });
}

export function usePotentialUserIssuers(id: string) {
  return useQuery(getPotentialUserIssuersQueryOptions(id));
}
