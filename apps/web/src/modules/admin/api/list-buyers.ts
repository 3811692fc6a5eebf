import { buyersEndpoints, type PagedListRequest } from '@b2b/contract';
import { apiRequest } from '../../../lib/api-client';

/** One page of buyers (grid key: `adminQueryKeys.buyers`). */
export function listBuyers(body: PagedListRequest, signal?: AbortSignal) {
  return apiRequest(buyersEndpoints.listBuyers, { body, signal });
}
