import { issuersEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminQueryKeys } from './admin-query-keys';

/** The issuer with its e-mail domains (the full view the edit screen needs). */
export function getIssuerFull(id: string, signal?: AbortSignal) {
  return apiRequest(issuersEndpoints.getIssuerFull, { params: { id }, signal });
}

export function getIssuerFullQueryOptions(id: string) {
  return queryOptions({
    queryKey: adminQueryKeys.issuer(id),
    queryFn: ({ signal }) => getIssuerFull(id, signal),
  });
}

export function useIssuer(id: string) {
  return useQuery(getIssuerFullQueryOptions(id));
}
