import { concurrencyEndpoints, type EntityRef } from '@b2b/contract';
import { apiRequest } from '../../../lib/api-client';

/** Takes the write lock if nobody holds it; answers whether the user holds it. */
export function trySetExclusiveWriteAccess(ref: EntityRef) {
  return apiRequest(concurrencyEndpoints.trySetExclusiveWriteAccess, { body: ref });
}
