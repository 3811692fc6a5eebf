import { jobsEndpoints } from '@b2b/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useRefreshJob } from './get-job';

/** Removes an uploaded file from a draft job. */
export function deleteJobFile(jobId: string, fileId: string) {
  return apiRequest(jobsEndpoints.deleteJobFile, { params: { id: jobId, fileId } });
}

export function useDeleteJobFile(jobId: string) {
  const refresh = useRefreshJob(jobId);
  return useMutation({
    mutationFn: (fileId: string) => deleteJobFile(jobId, fileId),
    onSuccess: refresh,
  });
}
