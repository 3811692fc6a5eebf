import { mergeLinksEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { mergeLinksQueryKeys } from './merge-links-query-keys';

/** The linked accounts of the user's issuers, and whether the accounting API is configured. */
export function listLinkedAccounts(signal?: AbortSignal) {
  return apiRequest(mergeLinksEndpoints.listLinkedAccounts, { signal });
}

export function linkedAccountsQueryOptions() {
  return queryOptions({
    queryKey: mergeLinksQueryKeys.list,
    queryFn: ({ signal }) => listLinkedAccounts(signal),
  });
}

export function useLinkedAccounts() {
  return useQuery(linkedAccountsQueryOptions());
}
