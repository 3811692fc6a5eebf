import { concurrencyEndpoints, type EntityRef } from '@b2b/contract';
import { apiRequest } from '../../../lib/api-client';

/** Says the user is on the entity (the heartbeat of the lock hook). */
export function trySetEntityActiveUser(ref: EntityRef) {
  return apiRequest(concurrencyEndpoints.trySetEntityActiveUser, { body: ref });
}
