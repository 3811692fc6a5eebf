import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';

const MAX_RETRIES = 2;

/** A 4xx answer will not change on a retry; network errors and 5xx may. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

/** The app's one QueryClient; tests create their own through the same function. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

/** First key segment of queries that hold no user data (e.g. the host's branding). */
export const PUBLIC_QUERY_SCOPE = 'public';

/**
 * Forgets everything the signed-in user loaded. Public queries stay: they belong to the host,
 * are asked once per page load, and the sign-in page on screen is still using them.
 */
export function clearSignedInData(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== PUBLIC_QUERY_SCOPE });
}
