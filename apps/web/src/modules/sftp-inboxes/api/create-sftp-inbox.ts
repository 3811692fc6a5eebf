import { type CreateSftpInbox, sftpInboxesEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sftpInboxesQueryKeys } from './sftp-inboxes-query-keys';

export function createSftpInbox(body: CreateSftpInbox) {
  return apiRequest(sftpInboxesEndpoints.createSftpInbox, { body });
}

export function useCreateSftpInbox() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSftpInbox,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sftpInboxesQueryKeys.list }),
  });
}
