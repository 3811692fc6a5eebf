import { authorizationEndpoints, type PagedListRequest } from '@b2b/contract';
import { apiRequest } from '../../../lib/api-client';

/** One page of the jobs a user may see, with how (grid key: `adminQueryKeys.userJobs`). */
export function listUserJobs(userId: string, body: PagedListRequest, signal?: AbortSignal) {
  return apiRequest(authorizationEndpoints.listAuthMappedJobArtifacts, {
    query: { userId },
    body,
    signal,
  });
}
