import { businessCaseEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { businessCaseQueryKeys } from './business-case-query-keys';

/** The job, its issuer's business case defaults and the job's saved scenarios. */
export function getBusinessCase(jobId: string, signal?: AbortSignal) {
  return apiRequest(businessCaseEndpoints.getBusinessCase, { params: { id: jobId }, signal });
}

export function businessCaseQueryOptions(jobId: string) {
  return queryOptions({
    queryKey: businessCaseQueryKeys.context(jobId),
    queryFn: ({ signal }) => getBusinessCase(jobId, signal),
  });
}

export function useBusinessCase(jobId: string) {
  return useQuery(businessCaseQueryOptions(jobId));
}
