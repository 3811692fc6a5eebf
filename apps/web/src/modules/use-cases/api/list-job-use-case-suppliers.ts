import { useCasesEndpoints, type PagedListRequest } from '@b2b/contract';
import { apiRequest } from '../../../lib/api-client';

/**
 * One page of a use case's suppliers (the grid's query key: `useCasesQueryKeys.suppliers`): the
 * suppliers tab's columns, the request's filters AND-ed with the rule.
 */
export function listJobUseCaseSuppliers(
  jobId: string,
  useCaseId: string,
  body: PagedListRequest,
  signal?: AbortSignal,
) {
  return apiRequest(useCasesEndpoints.listJobUseCaseSuppliers, {
    params: { id: jobId, useCaseId },
    body,
    signal,
  });
}
