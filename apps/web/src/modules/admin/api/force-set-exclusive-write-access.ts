import { concurrencyEndpoints, type EntityRef } from '@b2b/contract';
import { apiRequest } from '../../../lib/api-client';

/** Takes the write lock from whoever holds it. */
export function forceSetExclusiveWriteAccess(ref: EntityRef) {
  return apiRequest(concurrencyEndpoints.forceSetExclusiveWriteAccess, { body: ref });
}
