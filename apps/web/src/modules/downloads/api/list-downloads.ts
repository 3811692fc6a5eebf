import { downloadsEndpoints, type PreparedDownload } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useRefetchInterval } from '../../../lib/client-flags';
import { downloadsQueryKeys } from './downloads-query-keys';

/** How often the list is asked for again while a download is being prepared. */
const PREPARING_REFRESH_MS = 2_000;

export function listDownloads(jobId: string | undefined, signal?: AbortSignal) {
  return apiRequest(downloadsEndpoints.listDownloads, {
    query: jobId ? { jobId } : {},
    signal,
  });
}

export function downloadsQueryOptions(jobId?: string) {
  return queryOptions({
    queryKey: downloadsQueryKeys.list(jobId),
    queryFn: ({ signal }) => listDownloads(jobId, signal),
  });
}

const preparing = (list: PreparedDownload[] | undefined) =>
  !!list?.some((d) => d.state === 'Queued' || d.state === 'Running');

/** The user's downloads (of one job), polled while any is Queued or Running. */
export function useDownloads(jobId?: string) {
  const interval = useRefetchInterval(PREPARING_REFRESH_MS);
  return useQuery({
    ...downloadsQueryOptions(jobId),
    refetchInterval: (query) => (preparing(query.state.data) ? interval : false),
  });
}
