import { jobsEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { devopsQueryKeys } from '../../devops/api/devops-query-keys';
import { useStoreJob } from './get-job';
import { jobsQueryKeys } from './jobs-query-keys';

/** Starts a submitted job over: its queued commands canceled, its pipeline run again from Ingest. */
export function resetJob(jobId: string) {
  return apiRequest(jobsEndpoints.resetJob, { params: { id: jobId } });
}

/** The answer replaces the job's one cache entry; its logs and the ProQ views are read again. */
export function useResetJob(jobId: string) {
  const store = useStoreJob();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => resetJob(jobId),
    onSuccess: (job) => {
      store(job);
      void queryClient.invalidateQueries({ queryKey: jobsQueryKeys.logs(jobId) });
      void queryClient.invalidateQueries({ queryKey: devopsQueryKeys.proq });
    },
  });
}
