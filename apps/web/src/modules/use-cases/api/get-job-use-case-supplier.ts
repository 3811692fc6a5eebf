import { useCasesEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useCasesQueryKeys } from './use-cases-query-keys';

/** One supplier against a use case's rule: each line with the supplier's value and its pass. */
export function getJobUseCaseSupplier(
  jobId: string,
  useCaseId: string,
  supplierKey: string,
  signal?: AbortSignal,
) {
  return apiRequest(useCasesEndpoints.getJobUseCaseSupplier, {
    params: { id: jobId, useCaseId, supplierKey },
    signal,
  });
}

export function jobUseCaseSupplierQueryOptions(
  jobId: string,
  useCaseId: string,
  supplierKey: string,
) {
  return queryOptions({
    queryKey: useCasesQueryKeys.supplier(jobId, useCaseId, supplierKey),
    queryFn: ({ signal }) => getJobUseCaseSupplier(jobId, useCaseId, supplierKey, signal),
  });
}

export function useJobUseCaseSupplier(jobId: string, useCaseId: string, supplierKey: string) {
  return useQuery(jobUseCaseSupplierQueryOptions(jobId, useCaseId, supplierKey));
}
