import { sftpInboxesEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sftpInboxesQueryKeys } from './sftp-inboxes-query-keys';

/** Queues a poll of the inbox now (a ProQ command). */
export function pollSftpInbox(configId: string) {
  return apiRequest(sftpInboxesEndpoints.pollSftpInbox, { params: { configId } });
}

export function usePollSftpInbox(configId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => pollSftpInbox(configId),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: sftpInboxesQueryKeys.inbox(configId) }),
  });
}
