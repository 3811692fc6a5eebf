import { videoResourcesEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { videoResourcesQueryKeys } from './video-resources-query-keys';

export function getVideoResource(id: string, signal?: AbortSignal) {
  return apiRequest(videoResourcesEndpoints.getVideoResource, {
    params: { videoResourceId: id },
    signal,
  });
}

export function videoResourceQueryOptions(id: string) {
  return queryOptions({
    queryKey: videoResourcesQueryKeys.resource(id),
    queryFn: ({ signal }) => getVideoResource(id, signal),
  });
}

export function useVideoResource(id: string) {
  return useQuery(videoResourceQueryOptions(id));
}
