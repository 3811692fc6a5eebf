import { concurrencyEndpoints, type EntityRef } from '@b2b/contract';
import { apiRequest } from '../../../lib/api-client';

/** Gives the write lock up. */
export function releaseExclusiveWriteAccess(ref: EntityRef) {
  return apiRequest(concurrencyEndpoints.releaseExclusiveWriteAccess, { body: ref });
}
