import { endpointComparisonEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { endpointComparisonQueryKeys } from './endpoint-comparison-query-keys';

/** The users, their roles and issuers compared with the other environment. */
export function compareUsers(signal?: AbortSignal) {
  return apiRequest(endpointComparisonEndpoints.compareUsers, { signal });
}

export function usersComparisonQueryOptions() {
  return queryOptions({
    queryKey: endpointComparisonQueryKeys.users,
    queryFn: ({ signal }) => compareUsers(signal),
    staleTime: Infinity,
    retry: false,
  });
}

/** Runs once `enabled` (the Compare button), then again on `refetch`. */
export function useUsersComparison(enabled: boolean) {
  return useQuery({ ...usersComparisonQueryOptions(), enabled });
}
