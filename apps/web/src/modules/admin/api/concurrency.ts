import { concurrencyEndpoints as endpoints, type EntityRef } from '@b2b/contract';
import { apiRequest } from '../../../lib/api-client';

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
