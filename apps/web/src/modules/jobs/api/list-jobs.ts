import { jobsEndpoints, type PagedListRequest } from '@b2b/contract';
import { apiRequest } from '../../../lib/api-client';

/** One page of the jobs the user sees (the /analysis list, DevOps job maintenance). */
export function listJobs(body: PagedListRequest, signal?: AbortSignal) {
  return apiRequest(jobsEndpoints.listJobs, { body, signal });
}
