import { ssoEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminQueryKeys } from './admin-query-keys';

/** An issuer's single sign-on settings (never the client secret). */
export function getIssuerSso(id: string, signal?: AbortSignal) {
  return apiRequest(ssoEndpoints.getIssuerSso, { params: { id }, signal });
}

export function issuerSsoQueryOptions(id: string) {
  return queryOptions({
    queryKey: adminQueryKeys.issuerSso(id),
    queryFn: ({ signal }) => getIssuerSso(id, signal),
  });
}

export function useIssuerSso(id: string) {
  return useQuery(issuerSsoQueryOptions(id));
}
