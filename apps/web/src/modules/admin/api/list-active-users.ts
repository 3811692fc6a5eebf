import { concurrencyEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useRefetchInterval } from '../../../lib/client-flags';
import { adminQueryKeys } from './admin-query-keys';

/** SPEC.md section 9: active users refetch every 2 s (while the quick view is open). */
export const ACTIVE_USERS_OPEN_REFRESH_MS = 2_000;
/** Closed, the quick view only keeps its badge roughly current: every open client polls. */
export const ACTIVE_USERS_BADGE_REFRESH_MS = 15_000;

/** Everyone on any entity the user may see. */
export function listActiveUsers(signal?: AbortSignal) {
  return apiRequest(concurrencyEndpoints.listActiveUsers, { signal });
}

export function activeUsersQuickViewQueryOptions() {
  return queryOptions({
    queryKey: adminQueryKeys.activeUsersQuickView,
    queryFn: ({ signal }) => listActiveUsers(signal),
  });
}

/** The navbar quick view: polled fast while open, slowly for the badge while closed. */
export function useActiveUsersQuickView({ enabled, open }: { enabled: boolean; open: boolean }) {
  const openInterval = useRefetchInterval(ACTIVE_USERS_OPEN_REFRESH_MS);
  const badgeInterval = useRefetchInterval(ACTIVE_USERS_BADGE_REFRESH_MS);
  return useQuery({
    ...activeUsersQuickViewQueryOptions(),
    refetchInterval: open ? openInterval : badgeInterval,
    enabled,
  });
}
