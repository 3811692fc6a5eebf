import { brandingsEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Every branding (the selector prepends its own 'None' option). */
export function getAllBrandings(signal?: AbortSignal) {
  return apiRequest(brandingsEndpoints.getAllBrandings, { signal });
}

export function allBrandingsQueryOptions() {
  return queryOptions({
    queryKey: ['brandings', 'all'],
    queryFn: ({ signal }) => getAllBrandings(signal),
    staleTime: 5 * 60_000,
  });
}

export function useAllBrandings() {
  return useQuery(allBrandingsQueryOptions());
}
