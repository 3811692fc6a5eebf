import { jobsEndpoints, type JobListItem, type PagedListRequest } from '@b2b/contract';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { prefetchFirstGridPage, type GridSource } from '../../../components/data-grid/grid-queries';
import { apiRequest } from '../../../lib/api-client';
import { jobsQueryKeys } from './jobs-query-keys';

/** One page of the jobs the user sees (the /analysis list, DevOps job maintenance). */
export function listJobs(body: PagedListRequest, signal?: AbortSignal) {
  return apiRequest(jobsEndpoints.listJobs, { body, signal });
}

/** The analysis list's grid (/analysis): the jobs the user sees, the last changed first. */
export const JOB_LIST_GRID: GridSource<JobListItem> = {
  queryKey: jobsQueryKeys.list,
  fetchPage: listJobs,
  initialSortModel: [{ field: 'updatedOn', sort: 'desc' }],
};

/** Asks for the analysis list's first page as its grid will (app/route-first-data.ts). */
export function prefetchJobList(queryClient: QueryClient): Promise<void> {
  return prefetchFirstGridPage(queryClient, JOB_LIST_GRID);
}

/**
 * How many jobs the user sees with no filter at all (one row asked for, the total read), for
 * HiddenJobsCount_VIEW holders; under the list's key, so whatever refreshes the list refreshes it.
 */
export function useAllJobsCount(enabled: boolean) {
  return useQuery({
    queryKey: [...jobsQueryKeys.list, 'all-count'],
    queryFn: async ({ signal }) =>
      (await listJobs({ pageNumber: 1, pageSize: 1, filters: [] }, signal)).totalCount,
    enabled,
  });
}

/** The newest 200 Completed jobs the user sees: what a ruleset can be dry-run or re-run on. */
export function useCompletedJobs() {
  return useQuery({
    queryKey: jobsQueryKeys.completedJobs,
    queryFn: async ({ signal }) =>
      (
        await listJobs(
          {
            pageNumber: 1,
            pageSize: 200,
            orderBy: 'createdOn desc',
            filters: [
              {
                propertyName: 'status',
                comparisonOperator: 'Equal',
                value: 'Completed',
                allowNullValue: false,
              },
            ],
          },
          signal,
        )
      ).collection,
  });
}

/** The five jobs the user sees that changed last: the home page's analysis landing. */
export function useRecentJobs() {
  return useQuery({
    queryKey: jobsQueryKeys.recentJobs,
    queryFn: async ({ signal }) =>
      (
        await listJobs(
          { pageNumber: 1, pageSize: 5, orderBy: 'updatedOn desc', filters: [] },
          signal,
        )
      ).collection,
  });
}
