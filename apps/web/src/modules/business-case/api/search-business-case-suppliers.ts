import { businessCaseEndpoints, type BusinessCaseSupplierSearch } from '@b2b/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { businessCaseQueryKeys } from './business-case-query-keys';

/** The job's suppliers for the calculator's picker: by a search, or named by their keys. */
export function searchBusinessCaseSuppliers(
  jobId: string,
  body: BusinessCaseSupplierSearch,
  signal?: AbortSignal,
) {
  return apiRequest(businessCaseEndpoints.searchBusinessCaseSuppliers, {
    params: { id: jobId },
    body,
    signal,
  });
}

export function businessCaseSuppliersQueryOptions(jobId: string, body: BusinessCaseSupplierSearch) {
  return queryOptions({
    queryKey: businessCaseQueryKeys.suppliers(jobId, body),
    queryFn: ({ signal }) => searchBusinessCaseSuppliers(jobId, body, signal),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}

export function useBusinessCaseSuppliers(
  jobId: string,
  body: BusinessCaseSupplierSearch,
  enabled = true,
) {
  return useQuery({ ...businessCaseSuppliersQueryOptions(jobId, body), enabled });
}
