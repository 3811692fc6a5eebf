import { jobsEndpoints, type MatchDecision, type SupplierResultDetail } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { clearSupplierMatchDecision } from './clear-supplier-match-decision';
import { jobsQueryKeys } from './jobs-query-keys';

/** Confirms, rejects or overrides a supplier's match; answers the supplier. */
export function decideSupplierMatch(jobId: string, supplierKey: string, decision: MatchDecision) {
  return apiRequest(jobsEndpoints.decideSupplierMatch, {
    params: { id: jobId, supplierKey },
    body: decision,
  });
}

/**
 * Confirm, reject or override a match, or (null) remove the decision. The answer is the
 * supplier as it now stands; the list and the job (re-run from Match) are refreshed.
 */
export function useMatchDecision(jobId: string, supplierKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: MatchDecision | null) =>
      decision
        ? decideSupplierMatch(jobId, supplierKey, decision)
        : clearSupplierMatchDecision(jobId, supplierKey),
    onSuccess: (supplier: SupplierResultDetail) => {
      queryClient.setQueryData(jobsQueryKeys.supplier(jobId, supplierKey), supplier);
      void queryClient.invalidateQueries({ queryKey: jobsQueryKeys.supplierList(jobId) });
      void queryClient.invalidateQueries({ queryKey: jobsQueryKeys.job(jobId), exact: true });
    },
  });
}
