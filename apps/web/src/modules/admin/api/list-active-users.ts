import { concurrencyEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useRefetchInterval } from '../../../lib/client-flags';
import { adminQueryKeys } from './admin-query-keys';

/** SPEC.md section 9: active users refetch every 2 s, the badge as much as the open list. */
export const ACTIVE_USERS_REFRESH_MS = 2_000;

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

/** The navbar quick view, open or closed: its badge says who is about now. */
export function useActiveUsersQuickView({ enabled }: { enabled: boolean }) {
  const refetchInterval = useRefetchInterval(ACTIVE_USERS_REFRESH_MS);
  return useQuery({ ...activeUsersQuickViewQueryOptions(), refetchInterval, enabled });
}
