import { PROQ_LIMITS, proqEndpoints } from '@b2b/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useRefetchInterval } from '../../../lib/client-flags';
import { devopsQueryKeys } from './devops-query-keys';

/** The latest 100 commands of one job, Blocked hidden (the job's Details tab). */
export function getJobQuickView(jobId: string, signal?: AbortSignal) {
  return apiRequest(proqEndpoints.getJobQuickView, { params: { jobId }, signal });
}

/** Refreshed every 4 s like the navbar quick view (SPEC §9), while queries-refetch is on. */
export function useJobQuickView(jobId: string) {
  const refetchInterval = useRefetchInterval(PROQ_LIMITS.refetchIntervalMs);
  return useQuery({
    queryKey: devopsQueryKeys.jobQuickView(jobId),
    queryFn: ({ signal }) => getJobQuickView(jobId, signal),
    refetchInterval,
  });
}
