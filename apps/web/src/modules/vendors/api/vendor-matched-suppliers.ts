import { vendorsEndpoints, type PagedListRequest } from '@b2b/contract';
import { apiRequest } from '../../../lib/api-client';

/** One page of the suppliers of the user's visible jobs matched to the merchant. */
export function fetchMatchedSuppliers(
  vendorId: string,
  body: PagedListRequest,
  signal?: AbortSignal,
) {
  return apiRequest(vendorsEndpoints.vendorMatchedSuppliers, {
    params: { vendorId },
    body,
    signal,
  });
}
