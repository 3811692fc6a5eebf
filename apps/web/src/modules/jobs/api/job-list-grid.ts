import { jobsEndpoints, type JobListItem, type PagedListRequest } from '@b2b/contract';
import type { QueryClient } from '@tanstack/react-query';
import { prefetchFirstGridPage, type GridSource } from '../../../components/data-grid/grid-queries';
import { apiRequest } from '../../../lib/api-client';
import { jobsQueryKeys } from './jobs-query-keys';

/** One page of the jobs the user sees (the /analysis list, DevOps job maintenance). */
export function listJobs(body: PagedListRequest, signal?: AbortSignal) {
  return apiRequest(jobsEndpoints.listJobs, { body, signal });
}

/**
 * The analysis list's grid (/analysis): the jobs the user sees, the last changed first. Apart
 * from the list's hooks (list-jobs.ts) because app/route-first-data.ts loads it before the page:
 * it keeps React and TanStack Query out of what that chunk reaches.
 */
export const JOB_LIST_GRID: GridSource<JobListItem> = {
  queryKey: jobsQueryKeys.list,
  fetchPage: listJobs,
  initialSortModel: [{ field: 'updatedOn', sort: 'desc' }],
};

/** Asks for the analysis list's first page as its grid will (app/route-first-data.ts). */
export function prefetchJobList(queryClient: QueryClient): Promise<void> {
  return prefetchFirstGridPage(queryClient, JOB_LIST_GRID);
}
