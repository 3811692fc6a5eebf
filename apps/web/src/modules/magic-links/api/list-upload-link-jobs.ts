import { type MagicLinkKind, magicLinksEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { magicLinksQueryKeys } from './magic-links-query-keys';

/**
 * Draft jobs a link of the kind can be made for (their issuer takes SendUploadLink, or
 * MergeMagicLink for an Accounting link).
 */
export function listUploadLinkJobs(kind: MagicLinkKind, signal?: AbortSignal) {
  return apiRequest(magicLinksEndpoints.listUploadLinkJobs, { query: { kind }, signal });
}

export function uploadLinkJobsQueryOptions(kind: MagicLinkKind) {
  return queryOptions({
    queryKey: magicLinksQueryKeys.uploadJobs(kind),
    queryFn: ({ signal }) => listUploadLinkJobs(kind, signal),
  });
}

export function useUploadLinkJobs(kind: MagicLinkKind) {
  return useQuery(uploadLinkJobsQueryOptions(kind));
}
