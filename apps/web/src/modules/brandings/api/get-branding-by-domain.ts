import { brandingsEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { PUBLIC_QUERY_SCOPE } from '../../../lib/query-client';

/** The branding of the host the app was opened on (public: works signed out). */
export function getBrandingByDomain(signal?: AbortSignal) {
  return apiRequest(brandingsEndpoints.getBrandingByDomain, { signal });
}

/**
 * Asked once per page load and never retried: the host does not change while the page is open,
 * and a failure sends the user to the sign-in page with the public-branding error instead.
 */
export function brandingByDomainQueryOptions() {
  return queryOptions({
    queryKey: [PUBLIC_QUERY_SCOPE, 'branding-by-domain'],
    queryFn: ({ signal }) => getBrandingByDomain(signal),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

export function useBrandingByDomain({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...brandingByDomainQueryOptions(), enabled });
}
