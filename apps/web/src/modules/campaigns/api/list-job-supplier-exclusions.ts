import { campaignsEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { campaignsQueryKeys } from './campaigns-query-keys';

/** The suppliers the buyer marked strategic or excluded from every campaign of the job. */
function listJobSupplierExclusions(jobId: string, signal?: AbortSignal) {
  return apiRequest(campaignsEndpoints.listJobSupplierExclusions, {
    params: { id: jobId },
    signal,
  });
}

function jobSupplierExclusionsQueryOptions(jobId: string) {
  return queryOptions({
    queryKey: [...campaignsQueryKeys.ofJob(jobId), 'exclusions'],
    queryFn: ({ signal }) => listJobSupplierExclusions(jobId, signal),
  });
}

export function useJobSupplierExclusions(jobId: string) {
  return useQuery(jobSupplierExclusionsQueryOptions(jobId));
}
