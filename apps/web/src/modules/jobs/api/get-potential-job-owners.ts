import { usersEndpoints } from '@b2b/contract';
import { apiRequest } from '../../../lib/api-client';

/** Users who may own a job of the issuer (change owner). */
export function searchPotentialOwners(issuerId: string, search: string, signal?: AbortSignal) {
  return apiRequest(usersEndpoints.getPotentialJobOwners, {
    query: { issuerId, search: search || undefined, limit: 20 },
    signal,
  });
}
