import { companiesHouseEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { companiesHouseQueryKeys } from './companies-house-query-keys';

/** A job's Companies House enrichment: state, counts and the suppliers checked. */
export function getEnrichment(jobId: string, signal?: AbortSignal) {
  return apiRequest(companiesHouseEndpoints.getEnrichment, { params: { jobId }, signal });
}

/** Read again every two seconds while the enrichment is queued or running. */
export function enrichmentQueryOptions(jobId: string) {
  return queryOptions({
    queryKey: companiesHouseQueryKeys.enrichment(jobId),
    queryFn: ({ signal }) => getEnrichment(jobId, signal),
    refetchInterval: (query) =>
      query.state.data?.state === 'Queued' || query.state.data?.state === 'Running' ? 2000 : false,
  });
}

export function useEnrichment(jobId: string | null) {
  return useQuery({ ...enrichmentQueryOptions(jobId ?? ''), enabled: jobId !== null });
}
