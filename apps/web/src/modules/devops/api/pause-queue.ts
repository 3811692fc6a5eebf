import { proqEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { devopsQueryKeys } from './devops-query-keys';

/** Pauses the whole queue, or one job's commands. */
export function pauseQueue(jobId?: string) {
  return apiRequest(proqEndpoints.pauseQueue, { body: jobId ? { jobId } : {} });
}

/** Every ProQ view refreshes after it. */
export function usePauseQueue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (jobId?: string) => pauseQueue(jobId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: devopsQueryKeys.proq }),
  });
}
