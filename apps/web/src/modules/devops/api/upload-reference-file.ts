import { referenceDataEndpoints } from '@b2b/contract';
import { useMutation } from '@tanstack/react-query';
import { uploadWithProgress, type UploadProgress } from '../../../lib/api-client';

export type ReferenceFileUpload = { file: File; onProgress?: UploadProgress };

/**
 * Uploads a reference file (multipart field "file") with progress; answers its headers, first
 * rows and the suggested mapping, or rejects with the server's reason for refusing it.
 */
export function uploadReferenceFile({ file, onProgress }: ReferenceFileUpload) {
  const form = new FormData();
  form.append('file', file);
  return uploadWithProgress(referenceDataEndpoints.uploadReferenceFile, {
    form,
    ...(onProgress ? { onProgress } : {}),
  });
}

export function useUploadReferenceFile() {
  return useMutation({ mutationFn: uploadReferenceFile });
}
