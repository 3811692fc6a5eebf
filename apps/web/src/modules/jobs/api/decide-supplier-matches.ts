import { jobsEndpoints, type SupplierMatchDecisionItem } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { jobsQueryKeys } from './jobs-query-keys';

/** Many match decisions at once, all or none; answers the suppliers as they now stand. */
export function decideSupplierMatches(jobId: string, decisions: SupplierMatchDecisionItem[]) {
  return apiRequest(jobsEndpoints.decideSupplierMatches, {
    params: { id: jobId },
    body: { decisions },
  });
}

/**
 * Confirm or reject the review queue's candidates. The job's suppliers (list, review count,
 * details) and the job itself (matched again from Match) are refreshed.
 */
export function useSupplierMatchDecisions(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decisions: SupplierMatchDecisionItem[]) => decideSupplierMatches(jobId, decisions),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: jobsQueryKeys.suppliers(jobId) });
      void queryClient.invalidateQueries({ queryKey: jobsQueryKeys.job(jobId), exact: true });
    },
  });
}
