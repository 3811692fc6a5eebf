import { chatEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadWithProgress, type UploadProgress } from '../../../lib/api-client';
import { chatQueryKeys } from './chat-query-keys';

/**
 * Uploads files as multipart form data, with progress; the server indexes them once they
 * arrived.
 */
export function uploadChatDocuments(files: readonly File[], onProgress?: UploadProgress) {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  return uploadWithProgress(chatEndpoints.uploadChatDocuments, { form, onProgress });
}

export function useUploadChatDocuments(onProgress?: UploadProgress) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (files: readonly File[]) => uploadChatDocuments(files, onProgress),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatQueryKeys.all }),
  });
}
