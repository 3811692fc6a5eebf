import { magicLinksEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { magicLinksQueryKeys } from './magic-links-query-keys';

/** Draft jobs an upload link can be made for (their issuer takes SendUploadLink). */
export function listUploadLinkJobs(signal?: AbortSignal) {
  return apiRequest(magicLinksEndpoints.listUploadLinkJobs, { signal });
}

export function uploadLinkJobsQueryOptions() {
  return queryOptions({
    queryKey: magicLinksQueryKeys.uploadJobs,
    queryFn: ({ signal }) => listUploadLinkJobs(signal),
  });
}

export function useUploadLinkJobs() {
  return useQuery(uploadLinkJobsQueryOptions());
}
