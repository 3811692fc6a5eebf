import { analyticsEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { analyticsKeys } from './analytics-query-keys';

/** The datasets of the allow-list this user may query, with their columns. */
export function listDatasets(signal?: AbortSignal) {
  return apiRequest(analyticsEndpoints.listDatasets, { signal });
}

export function datasetsQueryOptions() {
  return queryOptions({
    queryKey: analyticsKeys.datasets,
    queryFn: ({ signal }) => listDatasets(signal),
    staleTime: Infinity,
  });
}

export function useDatasets() {
  return useQuery(datasetsQueryOptions());
}
