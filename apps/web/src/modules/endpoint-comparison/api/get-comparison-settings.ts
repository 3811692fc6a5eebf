import { endpointComparisonEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { endpointComparisonQueryKeys } from './endpoint-comparison-query-keys';

/** The other environment's base URL and whether its token is set (the token never comes back). */
export function getComparisonSettings(signal?: AbortSignal) {
  return apiRequest(endpointComparisonEndpoints.getComparisonSettings, { signal });
}

export function comparisonSettingsQueryOptions() {
  return queryOptions({
    queryKey: endpointComparisonQueryKeys.settings,
    queryFn: ({ signal }) => getComparisonSettings(signal),
  });
}

export function useComparisonSettings() {
  return useQuery(comparisonSettingsQueryOptions());
}
