import { type VideoResourceMetadata, videoResourcesEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { videoResourcesQueryKeys } from './video-resources-query-keys';

function updateVideoResource(id: string, body: VideoResourceMetadata) {
  return apiRequest(videoResourcesEndpoints.updateVideoResource, {
    params: { videoResourceId: id },
    body,
  });
}

/** Lists and the hub show the metadata too: every key of the module is read again. */
export function useUpdateVideoResource(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VideoResourceMetadata) => updateVideoResource(id, body),
    onSuccess: (resource) => {
      queryClient.setQueryData(videoResourcesQueryKeys.resource(id), resource);
      return queryClient.invalidateQueries({ queryKey: videoResourcesQueryKeys.all });
    },
  });
}
