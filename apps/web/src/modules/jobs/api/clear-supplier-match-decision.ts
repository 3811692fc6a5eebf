import { jobsEndpoints } from '@b2b/contract';
import { apiRequest } from '../../../lib/api-client';

/** Removes the user's decision on a supplier's match; answers the supplier. */
export function clearSupplierMatchDecision(jobId: string, supplierKey: string) {
  return apiRequest(jobsEndpoints.clearSupplierMatchDecision, {
    params: { id: jobId, supplierKey },
  });
}
