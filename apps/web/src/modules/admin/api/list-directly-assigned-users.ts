import { usersEndpoints, type WrappedPagedListRequest } from '@b2b/contract';
import { apiRequest } from '../../../lib/api-client';

/** One page of the users assigned to the issuer by hand, not through an e-mail domain. */
export function listDirectlyAssignedUsers(
  issuerId: string,
  body: WrappedPagedListRequest,
  signal?: AbortSignal,
) {
  return apiRequest(usersEndpoints.listDirectlyAssignedUsers, {
    query: { issuerId },
    body,
    signal,
  });
}
