import { systemEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { PUBLIC_QUERY_SCOPE } from '../../../lib/query-client';

/** SPEC.md section 9: while in maintenance the mode is asked for every 10 seconds. */
export const MAINTENANCE_POLL_MS = 10_000;

export const systemModeQueryKey = [PUBLIC_QUERY_SCOPE, 'system-mode'] as const;

/** The system mode: Live, ReadOnly or Maintenance (public: answered in every mode). */
export function getSystemMode(signal?: AbortSignal) {
  return apiRequest(systemEndpoints.getSystemMode, { signal });
}

/**
 * Fetched silently: a failure shows nothing and counts as Live, because the server enforces
 * maintenance on every call anyway and its 503 makes the app ask again.
 */
export function systemModeQueryOptions() {
  return queryOptions({
    queryKey: systemModeQueryKey,
    queryFn: ({ signal }) => getSystemMode(signal),
    select: (answer) => answer.mode,
    staleTime: 60_000,
    refetchInterval: (query) =>
      query.state.data?.mode === 'Maintenance' ? MAINTENANCE_POLL_MS : false,
    // Polling must go on in a background tab, so the app is back as soon as maintenance ends.
    refetchIntervalInBackground: true,
  });
}

export function useSystemMode() {
  return useQuery(systemModeQueryOptions());
}
