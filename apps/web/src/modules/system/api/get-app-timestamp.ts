import { systemEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { PUBLIC_QUERY_SCOPE } from '../../../lib/query-client';

/** The deployed version's timestamp; it changes when a new version is deployed. */
export function getAppTimestamp(signal?: AbortSignal) {
  return apiRequest(systemEndpoints.getAppTimestamp, { signal });
}

/**
 * The version this page runs: fetched once and never stale (SPEC §7), so no screen refetches
 * it on focus, remount or reconnect.
 */
export function appTimestampQueryOptions() {
  return queryOptions({
    queryKey: [PUBLIC_QUERY_SCOPE, 'app-timestamp'],
    queryFn: ({ signal }) => getAppTimestamp(signal),
    select: (answer) => answer.timestamp,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

export function useAppTimestamp() {
  return useQuery(appTimestampQueryOptions());
}

/**
 * The new-version check (SPEC §8): the deployed version asked again every `intervalMs` (the
 * site configuration's appVersionCheckSeconds), under a key of its own so the page's own
 * timestamp above never changes. It starts from the page's version, so the first ask is one
 * period after load; no checking before that version is known or when `intervalMs` is false.
 */
export function useDeployedAppTimestamp(started: string | undefined, intervalMs: number | false) {
  return useQuery({
    queryKey: [PUBLIC_QUERY_SCOPE, 'app-timestamp', 'deployed'],
    queryFn: ({ signal }) => getAppTimestamp(signal),
    select: (answer) => answer.timestamp,
    enabled: !!started && intervalMs !== false,
    ...(started ? { initialData: { timestamp: started } } : {}),
    staleTime: Infinity,
    refetchInterval: intervalMs,
    refetchOnWindowFocus: false,
  });
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
