import { jobsEndpoints, type PagedListRequest, type SupplierListQuery } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { jobsQueryKeys } from './jobs-query-keys';

/**
 * One page of a job's suppliers (the grid's query key: `jobsQueryKeys.supplierList`); with
 * `review: 'candidates'` only the undecided Low/Medium candidates, strongest first.
 */
export function listJobSuppliers(
  jobId: string,
  body: PagedListRequest,
  signal?: AbortSignal,
  review?: SupplierListQuery['review'],
) {
  return apiRequest(jobsEndpoints.listJobSuppliers, {
    params: { id: jobId },
    query: review ? { review } : {},
    body,
    signal,
  });
}

/**
 * How many candidates wait for review: the review list's count, one row asked for. Under the
 * list's key, so whatever refreshes the list refreshes the count.
 */
export function supplierReviewCountQueryOptions(jobId: string) {
  return queryOptions({
    queryKey: [...jobsQueryKeys.supplierList(jobId), 'review-count'] as const,
    queryFn: async ({ signal }) =>
      (
        await listJobSuppliers(
          jobId,
          { pageSize: 1, pageNumber: 1, filters: [] },
          signal,
          'candidates',
        )
      ).totalCount,
  });
}

export function useSupplierReviewCount(jobId: string) {
  return useQuery(supplierReviewCountQueryOptions(jobId));
}
