import { jobsEndpoints, type JobFileRole } from '@b2b/contract';
import { useMutation } from '@tanstack/react-query';
import { uploadWithProgress, type UploadProgress } from '../../../lib/api-client';
import { useRefreshJob } from './get-job';

export type JobFileUpload = {
  role: JobFileRole;
  file: File;
  onProgress?: UploadProgress;
  /** XLSX: the sheet to read (the first by default). */
  sheetName?: string;
};

/**
 * Uploads one file of a job as multipart form data (field "file"). XMLHttpRequest rather than
 * fetch: only it reports upload progress. A refused file (size, content against its extension,
 * XLSX limits) rejects with the server's message; the answer is checked against the contract.
 */
export function uploadJobFile(jobId: string, { role, file, onProgress, sheetName }: JobFileUpload) {
  const form = new FormData();
  form.append('file', file, file.name);
  return uploadWithProgress(jobsEndpoints.uploadJobFile, {
    params: { id: jobId },
    query: { role, sheetName },
    form,
    onProgress,
  });
}

export function useUploadJobFile(jobId: string) {
  const refresh = useRefreshJob(jobId);
  return useMutation({
    mutationFn: (input: JobFileUpload) => uploadJobFile(jobId, input),
    onSuccess: refresh,
  });
}
