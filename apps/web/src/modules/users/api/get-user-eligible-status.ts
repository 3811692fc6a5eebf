import { usersEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Whether the signed-in user may use the application, and why not. */
export function getUserEligibleStatus(signal?: AbortSignal) {
  return apiRequest(usersEndpoints.getUserEligibleStatus, { signal });
}

export function userEligibleStatusQueryOptions() {
  return queryOptions({
    queryKey: ['users', 'eligible-status'],
    queryFn: ({ signal }) => getUserEligibleStatus(signal),
  });
}

export function useUserEligibleStatus() {
  return useQuery(userEligibleStatusQueryOptions());
}
