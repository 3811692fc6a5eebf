import { type VideoResourceMetadata, videoResourcesEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type UploadProgress, uploadWithProgress } from '../../../lib/api-client';
import { videoResourcesQueryKeys } from './video-resources-query-keys';

/** The metadata fields first, then the file: the server reads the fields sent before it. */
function createVideoResource(
  metadata: VideoResourceMetadata,
  file: File,
  onProgress?: UploadProgress,
) {
  const form = new FormData();
  form.append('title', metadata.title);
  form.append('description', metadata.description);
  form.append('tags', JSON.stringify(metadata.tags));
  form.append('audienceRoles', JSON.stringify(metadata.audienceRoles));
  form.append('file', file);
  return uploadWithProgress(videoResourcesEndpoints.createVideoResource, { form, onProgress });
}

export function useCreateVideoResource(onProgress?: UploadProgress) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ metadata, file }: { metadata: VideoResourceMetadata; file: File }) =>
      createVideoResource(metadata, file, onProgress),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: videoResourcesQueryKeys.all }),
  });
}
