import { jobsEndpoints } from '@b2b/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useRefreshJob } from './get-job';

/**
 * Checks every row of a mapped file; the outcome is stored on the job's file. A refused file
 * clears the stored outcome, so the job is refreshed whichever way it ends.
 */
export function validateJobFile(jobId: string, fileId: string) {
  return apiRequest(jobsEndpoints.validateJobFile, { params: { id: jobId, fileId } });
}

export function useValidateFile(jobId: string) {
  const refresh = useRefreshJob(jobId);
  return useMutation({
    mutationFn: (fileId: string) => validateJobFile(jobId, fileId),
    onSettled: refresh,
  });
}
