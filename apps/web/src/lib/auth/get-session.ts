import { authEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

// The session lives in lib rather than modules/auth: shared code (permission checks, frames)
// needs the current user, and shared code may not import a module.

export const sessionQueryKey = ['auth', 'session'] as const;

/** The signed-in user's profile; ApiError 401 when nobody is signed in. */
export function getSession(signal?: AbortSignal) {
  return apiRequest(authEndpoints.getSession, { signal });
}

export function sessionQueryOptions() {
  return queryOptions({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => getSession(signal),
    staleTime: 60_000,
  });
}

export function useSession() {
  return useQuery(sessionQueryOptions());
}
