import { jobsEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useStoreJob } from './get-job';
import { jobsQueryKeys } from './jobs-query-keys';

/** Renames a job at any stage (JobNameUpdate); answers the job as it now stands. */
export function renameJob(jobId: string, name: string) {
  return apiRequest(jobsEndpoints.renameJob, { params: { id: jobId }, body: { name } });
}

/** The job's entry takes the answer; the list shows names, so it is read again. */
export function useRenameJob(jobId: string) {
  const store = useStoreJob();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => renameJob(jobId, name),
    onSuccess: (job) => {
      store(job);
      void queryClient.invalidateQueries({ queryKey: jobsQueryKeys.list });
    },
  });
}
