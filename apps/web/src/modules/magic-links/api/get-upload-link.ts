import { magicLinksEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Public: what an upload link shows (issuer, job, accepted formats); 410 once gone. */
function getUploadLink(token: string, signal?: AbortSignal) {
  return apiRequest(magicLinksEndpoints.getUploadLink, { params: { token }, signal });
}

/** Keyed apart from the signed-in screens: the public page shares no cache with them. */
export const uploadLinkKey = (token: string) => ['upload-link', token] as const;

function uploadLinkQueryOptions(token: string) {
  return queryOptions({
    queryKey: uploadLinkKey(token),
    queryFn: ({ signal }) => getUploadLink(token, signal),
    // A dead link stays so: asking again cannot change the answer.
    retry: false,
    staleTime: Infinity,
  });
}

export function useUploadLink(token: string) {
  return useQuery(uploadLinkQueryOptions(token));
}
