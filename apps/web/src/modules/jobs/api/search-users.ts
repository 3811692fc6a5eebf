import { usersEndpoints } from '@b2b/contract';
import { apiRequest } from '../../../lib/api-client';

/** Users to assign directly (any user the caller may read). */
export function searchUsers(search: string, signal?: AbortSignal) {
  return apiRequest(usersEndpoints.searchUsers, {
    query: { search: search || undefined, limit: 20 },
    signal,
  });
}
