import { jobsEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { jobsQueryKeys } from './jobs-query-keys';

/** The owners the job list may be filtered by. */
export function getJobOwnersFilterItems(signal?: AbortSignal) {
  return apiRequest(jobsEndpoints.getJobOwnersFilterItems, { signal });
}

export function jobOwnerFilterItemsQueryOptions() {
  return queryOptions({
    queryKey: jobsQueryKeys.ownerFilterItems,
    queryFn: ({ signal }) => getJobOwnersFilterItems(signal),
    staleTime: 60_000,
  });
}

/** `enabled` false: the list shows no owner filter, so nothing is fetched. */
export function useJobOwnerFilterItems(enabled = true) {
  return useQuery({ ...jobOwnerFilterItemsQueryOptions(), enabled });
}
