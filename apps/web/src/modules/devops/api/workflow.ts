import { PROQ_LIMITS, proqEndpoints, type WrappedPagedListRequest } from '@b2b/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useRefetchInterval } from '../../../lib/client-flags';
import { devopsQueryKeys } from './devops-query-keys';

/** One page of the jobs that have ProQ commands. */
export function listWorkflowJobs(body: WrappedPagedListRequest, signal?: AbortSignal) {
  return apiRequest(proqEndpoints.listWorkflowJobs, { body, signal });
}

/** One job's workflow: steps and their commands, refreshed like the other ProQ views. */
export function useJobWorkflow(jobId: string | null) {
  const refetchInterval = useRefetchInterval(PROQ_LIMITS.refetchIntervalMs);
  return useQuery({
    queryKey: devopsQueryKeys.jobWorkflow(jobId ?? ''),
    queryFn: ({ signal }) =>
      apiRequest(proqEndpoints.getJobWorkflow, { params: { jobId: jobId! }, signal }),
    enabled: !!jobId,
    refetchInterval,
    retry: false,
  });
}

/** Restart (failed commands queued again) or cancel (queued commands) a job's workflow. */
export function useJobAction(action: 'restart' | 'cancel') {
  const queryClient = useQueryClient();
  const endpoint =
    action === 'restart' ? proqEndpoints.restartJobWorkflow : proqEndpoints.cancelJobCommands;
  return useMutation({
    mutationFn: (jobId: string) => apiRequest(endpoint, { params: { jobId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: devopsQueryKeys.proq }),
  });
}
