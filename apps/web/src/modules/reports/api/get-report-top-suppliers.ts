import { reportsEndpoints, type InsightSliceQuery } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { reportsQueryKeys } from './reports-query-keys';

/** The largest Medium/High suppliers of each card product within a slicer value. */
export function getReportTopSuppliers(
  jobId: string,
  slice: InsightSliceQuery,
  signal?: AbortSignal,
) {
  return apiRequest(reportsEndpoints.getReportTopSuppliers, {
    params: { id: jobId },
    query: slice,
    signal,
  });
}

export function reportTopSuppliersQueryOptions(jobId: string, slice: InsightSliceQuery) {
  return queryOptions({
    queryKey: reportsQueryKeys.topSuppliers(jobId, slice),
    queryFn: ({ signal }) => getReportTopSuppliers(jobId, slice, signal),
  });
}

export function useReportTopSuppliers(jobId: string, slice: InsightSliceQuery) {
  return useQuery(reportTopSuppliersQueryOptions(jobId, slice));
}
