import { PROQ_LIMITS, proqEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useRefetchInterval } from '../../../lib/client-flags';
import { devopsQueryKeys } from './devops-query-keys';

/** One job's workflow: steps and their commands. */
export function getJobWorkflow(jobId: string, signal?: AbortSignal) {
  return apiRequest(proqEndpoints.getJobWorkflow, { params: { jobId }, signal });
}

export function jobWorkflowQueryOptions(jobId: string) {
  return queryOptions({
    queryKey: devopsQueryKeys.jobWorkflow(jobId),
    queryFn: ({ signal }) => getJobWorkflow(jobId, signal),
    retry: false,
  });
}

/** Refreshed like the other ProQ views. */
export function useJobWorkflow(jobId: string | null) {
  const refetchInterval = useRefetchInterval(PROQ_LIMITS.refetchIntervalMs);
  return useQuery({ ...jobWorkflowQueryOptions(jobId ?? ''), enabled: !!jobId, refetchInterval });
}
