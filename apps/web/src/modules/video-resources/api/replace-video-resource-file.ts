import { videoResourcesEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type UploadProgress, uploadWithProgress } from '../../../lib/api-client';
import { videoResourcesQueryKeys } from './video-resources-query-keys';

function replaceVideoResourceFile(id: string, file: File, onProgress?: UploadProgress) {
  const form = new FormData();
  form.append('file', file);
  return uploadWithProgress(videoResourcesEndpoints.replaceVideoResourceFile, {
    params: { videoResourceId: id },
    form,
    onProgress,
  });
}

export function useReplaceVideoResourceFile(id: string, onProgress?: UploadProgress) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => replaceVideoResourceFile(id, file, onProgress),
    onSuccess: (resource) => {
      queryClient.setQueryData(videoResourcesQueryKeys.resource(id), resource);
      return queryClient.invalidateQueries({ queryKey: videoResourcesQueryKeys.all });
    },
  });
}
