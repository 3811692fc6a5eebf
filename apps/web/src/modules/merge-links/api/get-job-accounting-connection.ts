import { mergeLinksEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { mergeLinksQueryKeys } from './merge-links-query-keys';

/** A job's accounting connection: offered, configured, the buyer's linked accounts. */
export function getJobAccountingConnection(jobId: string, signal?: AbortSignal) {
  return apiRequest(mergeLinksEndpoints.getJobAccountingConnection, {
    params: { id: jobId },
    signal,
  });
}

export function jobAccountingConnectionQueryOptions(jobId: string) {
  return queryOptions({
    queryKey: mergeLinksQueryKeys.job(jobId),
    queryFn: ({ signal }) => getJobAccountingConnection(jobId, signal),
  });
}

export function useJobAccountingConnection(jobId: string) {
  return useQuery(jobAccountingConnectionQueryOptions(jobId));
}
