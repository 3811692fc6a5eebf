import { videoResourcesEndpoints } from '@b2b/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { videoResourcesQueryKeys } from './video-resources-query-keys';

/** Every video resource; `search` matches title, description and tags. */
export function listVideoResources(search: string, signal?: AbortSignal) {
  return apiRequest(videoResourcesEndpoints.listVideoResources, {
    query: search ? { search } : {},
    signal,
  });
}

export function videoResourcesQueryOptions(search: string) {
  return queryOptions({
    queryKey: videoResourcesQueryKeys.list(search),
    queryFn: ({ signal }) => listVideoResources(search, signal),
    placeholderData: keepPreviousData,
  });
}

export function useVideoResources(search: string) {
  return useQuery(videoResourcesQueryOptions(search));
}
