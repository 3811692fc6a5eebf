import { concurrencyEndpoints, type EntityRef } from '@b2b/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminQueryKeys } from './admin-query-keys';

/** The users on the entity now. */
export function getActiveEntityUsers(ref: EntityRef, signal?: AbortSignal) {
  return apiRequest(concurrencyEndpoints.getActiveEntityUsers, {
    query: { entityType: ref.entityType, entityId: ref.entityId },
    signal,
  });
}

export function activeEntityUsersQueryOptions(ref: EntityRef) {
  return queryOptions({
    queryKey: adminQueryKeys.activeUsers(ref.entityType, ref.entityId),
    queryFn: ({ signal }) => getActiveEntityUsers(ref, signal),
  });
}
