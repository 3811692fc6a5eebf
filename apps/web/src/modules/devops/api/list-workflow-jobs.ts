import { proqEndpoints, type WrappedPagedListRequest } from '@b2b/contract';
import { apiRequest } from '../../../lib/api-client';

/** One page of the jobs that have ProQ commands. */
export function listWorkflowJobs(body: WrappedPagedListRequest, signal?: AbortSignal) {
  return apiRequest(proqEndpoints.listWorkflowJobs, { body, signal });
}
