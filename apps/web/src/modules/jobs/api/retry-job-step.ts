import { jobsEndpoints, type WorkflowStepKind } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { devopsQueryKeys } from '../../devops/api/devops-query-keys';
import { useStoreJob } from './get-job';
import { jobsQueryKeys } from './jobs-query-keys';

/** Runs a failed step of the job again, and the steps after it; answers the job. */
export function retryJobStep(jobId: string, step: WorkflowStepKind) {
  return apiRequest(jobsEndpoints.retryJobStep, { params: { id: jobId, step } });
}

/**
 * The job screens and DevOps job maintenance share this: the job's one cache entry gets the
 * answer, and its logs and the ProQ views (new commands were queued) are read again.
 */
export function useRetryStep(jobId: string) {
  const store = useStoreJob();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (step: WorkflowStepKind) => retryJobStep(jobId, step),
    onSuccess: (job) => {
      store(job);
      void queryClient.invalidateQueries({ queryKey: jobsQueryKeys.logs(jobId) });
      void queryClient.invalidateQueries({ queryKey: devopsQueryKeys.proq });
    },
  });
}
