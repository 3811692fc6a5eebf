import { authEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const sessionInfoQueryKey = ['auth', 'session-info'] as const;

/** The session's expiry, the server's idle timeout and the idle auto-logout setting. */
export function getSessionInfo(signal?: AbortSignal) {
  return apiRequest(authEndpoints.getSessionInfo, { signal });
}

export function sessionInfoQueryOptions() {
  return queryOptions({
    queryKey: sessionInfoQueryKey,
    queryFn: ({ signal }) => getSessionInfo(signal),
    staleTime: 5 * 60_000,
  });
}

export function useSessionInfo() {
  return useQuery(sessionInfoQueryOptions());
}
