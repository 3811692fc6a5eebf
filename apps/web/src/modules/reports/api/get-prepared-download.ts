import { downloadsEndpoints, type PreparedDownload } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { reportsQueryKeys } from './reports-query-keys';

/** How often a download being prepared is asked about. */
const POLL_MS = 1_000;

export function getPreparedDownload(downloadId: string, signal?: AbortSignal) {
  return apiRequest(downloadsEndpoints.getDownload, { params: { downloadId }, signal });
}

const isPreparing = (download: PreparedDownload | undefined) =>
  !download || download.state === 'Queued' || download.state === 'Running';

/** One prepared download, asked again every second until it is Ready or in Error. */
export function preparedDownloadQueryOptions(downloadId: string) {
  return queryOptions({
    queryKey: reportsQueryKeys.preparedDownload(downloadId),
    queryFn: ({ signal }) => getPreparedDownload(downloadId, signal),
    refetchInterval: (query) => (isPreparing(query.state.data) ? POLL_MS : false),
  });
}

export function usePreparedDownload(downloadId: string | undefined) {
  return useQuery({ ...preparedDownloadQueryOptions(downloadId ?? ''), enabled: !!downloadId });
}
