import { sftpInboxesEndpoints } from '@b2b/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sftpInboxesQueryKeys } from './sftp-inboxes-query-keys';

/** Every SFTP inbox with its last poll. */
export function listSftpInboxes(signal?: AbortSignal) {
  return apiRequest(sftpInboxesEndpoints.listSftpInboxes, { signal });
}

export function sftpInboxesQueryOptions() {
  return queryOptions({
    queryKey: sftpInboxesQueryKeys.list,
    queryFn: ({ signal }) => listSftpInboxes(signal),
  });
}

export function useSftpInboxes() {
  return useQuery(sftpInboxesQueryOptions());
}
