import { proqEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { devopsQueryKeys } from './devops-query-keys';

/** Resumes the whole queue, or one job's commands. */
export function resumeQueue(jobId?: string) {
  return apiRequest(proqEndpoints.resumeQueue, { body: jobId ? { jobId } : {} });
}

/** Every ProQ view refreshes after it. */
export function useResumeQueue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (jobId?: string) => resumeQueue(jobId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: devopsQueryKeys.proq }),
  });
}
