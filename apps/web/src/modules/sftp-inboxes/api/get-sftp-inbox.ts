import { sftpInboxesEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sftpInboxesQueryKeys } from './sftp-inboxes-query-keys';

/** One inbox and its latest remote files. */
export function getSftpInbox(configId: string, signal?: AbortSignal) {
  return apiRequest(sftpInboxesEndpoints.getSftpInbox, { params: { configId }, signal });
}

export function sftpInboxQueryOptions(configId: string) {
  return queryOptions({
    queryKey: sftpInboxesQueryKeys.inbox(configId),
    queryFn: ({ signal }) => getSftpInbox(configId, signal),
  });
}

/** Refreshed every few seconds while a poll may be working on files. */
export function useSftpInbox(configId: string, refetchInterval: number | false = false) {
  return useQuery({ ...sftpInboxQueryOptions(configId), refetchInterval });
}
