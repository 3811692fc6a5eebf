import { vendorsEndpoints, type PagedListRequest } from '@b2b/contract';
import { apiRequest } from '../../../lib/api-client';

/** One page of merchants (grid key: `vendorsQueryKeys.search`). */
export function searchVendors(body: PagedListRequest, signal?: AbortSignal) {
  return apiRequest(vendorsEndpoints.searchVendors, { body, signal });
}
