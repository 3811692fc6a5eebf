import { type JobFileRole, magicLinksEndpoints } from '@b2b/contract';
import { useMutation } from '@tanstack/react-query';
import { uploadWithProgress } from '../../../lib/api-client';

/** Public: sends the job's file through the link (multipart field "file"); the link is then used. */
function uploadThroughLink(token: string, file: File, role: JobFileRole | undefined) {
  const form = new FormData();
  form.append('file', file);
  return uploadWithProgress(magicLinksEndpoints.uploadThroughLink, {
    params: { token },
    query: role ? { role } : {},
    form,
  });
}

export function useUploadThroughLink(token: string) {
  return useMutation({
    mutationFn: ({ file, role }: { file: File; role?: JobFileRole }) =>
      uploadThroughLink(token, file, role),
  });
}
