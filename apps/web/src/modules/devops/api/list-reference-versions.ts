import { referenceDataEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { devopsQueryKeys } from './devops-query-keys';

/** The stored reference data versions, newest (the one new jobs use) first. */
export function listReferenceVersions(signal?: AbortSignal) {
  return apiRequest(referenceDataEndpoints.listReferenceVersions, { signal });
}

export function referenceVersionsQueryOptions() {
  return queryOptions({
    queryKey: devopsQueryKeys.referenceVersions,
    queryFn: ({ signal }) => listReferenceVersions(signal),
  });
}

export function useReferenceVersions() {
  return useQuery(referenceVersionsQueryOptions());
}
