import { datapointProfilesEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminQueryKeys } from './admin-query-keys';

/** The datapoint profiles an issuer's three data downloads may use. */
export function listDatapointProfiles(signal?: AbortSignal) {
  return apiRequest(datapointProfilesEndpoints.listDatapointProfiles, { signal });
}

/** They rarely change. */
export function datapointProfilesQueryOptions() {
  return queryOptions({
    queryKey: adminQueryKeys.datapointProfiles,
    queryFn: ({ signal }) => listDatapointProfiles(signal),
    staleTime: 5 * 60_000,
  });
}

export function useDatapointProfiles() {
  return useQuery(datapointProfilesQueryOptions());
}
