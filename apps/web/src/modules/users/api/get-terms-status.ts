import { usersEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const termsStatusQueryKey = ['users', 'terms-status'] as const;

/** Whether the signed-in user agreed the latest terms of service and privacy policy. */
export function getTermsStatus(signal?: AbortSignal) {
  return apiRequest(usersEndpoints.getTermsStatus, { signal });
}

export function termsStatusQueryOptions() {
  return queryOptions({
    queryKey: termsStatusQueryKey,
    queryFn: ({ signal }) => getTermsStatus(signal),
  });
}

export function useTermsStatus() {
  return useQuery(termsStatusQueryOptions());
}
