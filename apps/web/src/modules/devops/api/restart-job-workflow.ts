import { proqEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { devopsQueryKeys } from './devops-query-keys';

/** Queues a job's failed commands again. */
export function restartJobWorkflow(jobId: string) {
  return apiRequest(proqEndpoints.restartJobWorkflow, { params: { jobId } });
}

/** Every ProQ view refreshes after it. */
export function useRestartJobWorkflow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restartJobWorkflow,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: devopsQueryKeys.proq }),
  });
}
