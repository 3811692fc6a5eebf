import { systemEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { PUBLIC_QUERY_SCOPE } from '../../../lib/query-client';

/** The deployed version's timestamp; it changes when a new version is deployed. */
export function getAppTimestamp(signal?: AbortSignal) {
  return apiRequest(systemEndpoints.getAppTimestamp, { signal });
}

/** Polled every `intervalMs` (from the site configuration); no polling when false. */
export function appTimestampQueryOptions(intervalMs: number | false) {
  return queryOptions({
    queryKey: [PUBLIC_QUERY_SCOPE, 'app-timestamp'],
    queryFn: ({ signal }) => getAppTimestamp(signal),
    select: (answer) => answer.timestamp,
    staleTime: 0,
    refetchInterval: intervalMs,
    refetchOnWindowFocus: false,
  });
}

export function useAppTimestamp(intervalMs: number | false) {
  return useQuery(appTimestampQueryOptions(intervalMs));
}

let startTimestamp: string | undefined;

/**
 * The timestamp this page load started with: the first one read. Kept for the page's lifetime
 * (not in a component), so signing out and in again still compares with the loaded code.
 */
export function startAppTimestamp(current: string | undefined): string | undefined {
  startTimestamp ??= current;
  return startTimestamp;
}
