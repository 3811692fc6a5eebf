import { jobsEndpoints, type PagedListRequest } from '@b2b/contract';
import { apiRequest } from '../../../lib/api-client';

/** One page of a job's suppliers (the grid's query key: `jobsQueryKeys.supplierList`). */
export function listJobSuppliers(jobId: string, body: PagedListRequest, signal?: AbortSignal) {
  return apiRequest(jobsEndpoints.listJobSuppliers, { params: { id: jobId }, body, signal });
}
