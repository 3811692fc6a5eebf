import { jobsEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { jobsQueryKeys } from './jobs-query-keys';
import { retryUnlessAnswered } from './jobs-query-retry';

/** One supplier of a job with its match, scores and decision. */
export function getJobSupplier(jobId: string, supplierKey: string, signal?: AbortSignal) {
  return apiRequest(jobsEndpoints.getJobSupplier, { params: { id: jobId, supplierKey }, signal });
}

export function jobSupplierQueryOptions(jobId: string, supplierKey: string) {
  return queryOptions({
    queryKey: jobsQueryKeys.supplier(jobId, supplierKey),
    queryFn: ({ signal }) => getJobSupplier(jobId, supplierKey, signal),
    retry: retryUnlessAnswered,
  });
}

export function useJobSupplier(jobId: string, supplierKey: string) {
  return useQuery(jobSupplierQueryOptions(jobId, supplierKey));
}
