import { concurrencyEndpoints as endpoints, type EntityRef } from '@b2b/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useRefetchInterval } from '../../../lib/client-flags';
import { adminQueryKeys } from './admin-query-keys';

/** The lock calls of one entity, as plain functions for the entity-lock hook. */
export const lockCalls = {
  heartbeat: (ref: EntityRef) => apiRequest(endpoints.trySetEntityActiveUser, { body: ref }),
  take: (ref: EntityRef) => apiRequest(endpoints.trySetExclusiveWriteAccess, { body: ref }),
  force: (ref: EntityRef) => apiRequest(endpoints.forceSetExclusiveWriteAccess, { body: ref }),
  request: (ref: EntityRef) => apiRequest(endpoints.requestExclusiveWriteAccess, { body: ref }),
  release: (ref: EntityRef) => apiRequest(endpoints.releaseExclusiveWriteAccess, { body: ref }),
  deny: (ref: EntityRef) =>
    apiRequest(endpoints.denyExclusiveWriteAccess, {
      query: { entityId: ref.entityId, entityType: ref.entityType },
    }),
  status: async (ref: EntityRef, signal?: AbortSignal) =>
    (await apiRequest(endpoints.getEntityStatus, { body: ref, signal }))[0]!,
  activeUsers: (ref: EntityRef, signal?: AbortSignal) =>
    apiRequest(endpoints.getActiveEntityUsers, {
      query: { entityType: ref.entityType, entityId: ref.entityId },
      signal,
    }),
};

/** SPEC.md section 9: active users refetch every 2 s (while the quick view is open). */
export const ACTIVE_USERS_OPEN_REFRESH_MS = 2_000;
/** Closed, the quick view only keeps its badge roughly current: every open client polls. */
export const ACTIVE_USERS_BADGE_REFRESH_MS = 15_000;

/** Everyone on any entity the user may see (navbar quick view). */
export function useActiveUsersQuickView({ enabled, open }: { enabled: boolean; open: boolean }) {
  const openInterval = useRefetchInterval(ACTIVE_USERS_OPEN_REFRESH_MS);
  const badgeInterval = useRefetchInterval(ACTIVE_USERS_BADGE_REFRESH_MS);
  return useQuery({
    queryKey: adminQueryKeys.activeUsersQuickView,
    queryFn: ({ signal }) => apiRequest(endpoints.listActiveUsers, { signal }),
    refetchInterval: open ? openInterval : badgeInterval,
    enabled,
  });
}
