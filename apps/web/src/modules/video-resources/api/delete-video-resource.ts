import { videoResourcesEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { videoResourcesQueryKeys } from './video-resources-query-keys';

function deleteVideoResource(id: string) {
  return apiRequest(videoResourcesEndpoints.deleteVideoResource, {
    params: { videoResourceId: id },
  });
}

export function useDeleteVideoResource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVideoResource,
    onSuccess: ({ id }) => {
      queryClient.removeQueries({ queryKey: videoResourcesQueryKeys.resource(id) });
      return queryClient.invalidateQueries({ queryKey: videoResourcesQueryKeys.all });
    },
  });
}
