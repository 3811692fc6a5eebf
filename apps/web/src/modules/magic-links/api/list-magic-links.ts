import { type MagicLinkStatus, magicLinksEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { magicLinksQueryKeys } from './magic-links-query-keys';

/** The magic links of the user's issuers, newest first, optionally of one status. */
export function listMagicLinks(status: MagicLinkStatus | undefined, signal?: AbortSignal) {
  return apiRequest(magicLinksEndpoints.listMagicLinks, {
    query: status ? { status } : {},
    signal,
  });
}

export function magicLinksQueryOptions(status: MagicLinkStatus | undefined) {
  return queryOptions({
    queryKey: magicLinksQueryKeys.list(status),
    queryFn: ({ signal }) => listMagicLinks(status, signal),
  });
}

export function useMagicLinks(status: MagicLinkStatus | undefined) {
  return useQuery(magicLinksQueryOptions(status));
}
