import { concurrencyEndpoints, type EntityRef } from '@b2b/contract';
import { apiRequest } from '../../../lib/api-client';

/** Refuses a request for the write lock the user holds. */
export function denyExclusiveWriteAccess(ref: EntityRef) {
  return apiRequest(concurrencyEndpoints.denyExclusiveWriteAccess, {
    query: { entityId: ref.entityId, entityType: ref.entityType },
  });
}
