import { ssoEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The "Sign in with …" buttons of this branding domain, or of the issuer chosen by key. */
export function listSsoProviders(issuer: string | undefined, signal?: AbortSignal) {
  return apiRequest(ssoEndpoints.listSsoProviders, {
    query: issuer ? { issuer } : {},
    signal,
  });
}

export function ssoProvidersQueryOptions(issuer: string | undefined) {
  return queryOptions({
    queryKey: ['auth', 'sso-providers', issuer ?? null] as const,
    queryFn: ({ signal }) => listSsoProviders(issuer, signal),
    // The sign-in page works without it: a failed lookup shows no buttons, no error.
    retry: false,
  });
}

export function useSsoProviders(issuer: string | undefined) {
  return useQuery(ssoProvidersQueryOptions(issuer));
}

/** Where a button sends the browser: the server redirects it on to the provider. */
export function ssoStartUrl(issuerId: string, callbackUrl: string): string {
  const path = ssoEndpoints.startSso.path.replace(':issuerId', encodeURIComponent(issuerId));
  return `${path}?${new URLSearchParams({ callbackUrl }).toString()}`;
}
