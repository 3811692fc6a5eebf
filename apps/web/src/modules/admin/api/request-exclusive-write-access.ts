import { concurrencyEndpoints, type EntityRef } from '@b2b/contract';
import { apiRequest } from '../../../lib/api-client';

/** Asks the holder of the write lock to hand it over. */
export function requestExclusiveWriteAccess(ref: EntityRef) {
  return apiRequest(concurrencyEndpoints.requestExclusiveWriteAccess, { body: ref });
}
