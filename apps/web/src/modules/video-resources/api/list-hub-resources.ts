import { videoResourcesEndpoints } from '@b2b/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { videoResourcesQueryKeys } from './video-resources-query-keys';

/** What the user's roles may see in the resource hub, searched and filtered by tag. */
export function listHubResources(search: string, tag: string, signal?: AbortSignal) {
  return apiRequest(videoResourcesEndpoints.listHubResources, {
    query: { ...(search ? { search } : {}), ...(tag ? { tag } : {}) },
    signal,
  });
}

export function hubResourcesQueryOptions(search: string, tag: string) {
  return queryOptions({
    queryKey: videoResourcesQueryKeys.hub(search, tag),
    queryFn: ({ signal }) => listHubResources(search, tag, signal),
    placeholderData: keepPreviousData,
  });
}

export function useHubResources(search: string, tag: string) {
  return useQuery(hubResourcesQueryOptions(search, tag));
}
