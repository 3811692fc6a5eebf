import { jobsEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { jobsQueryKeys } from './jobs-query-keys';

/** Deletes a job with its files and results (JobDelete; refused while it runs or campaigns do). */
export function deleteJob(jobId: string) {
  return apiRequest(jobsEndpoints.deleteJob, { params: { id: jobId } });
}

/** The job is gone: its entries leave the cache and the list is read again. */
export function useDeleteJob(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteJob(jobId),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: jobsQueryKeys.job(jobId) });
      void queryClient.invalidateQueries({ queryKey: jobsQueryKeys.list });
    },
  });
}
