import { type UpdateSftpInbox, sftpInboxesEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sftpInboxesQueryKeys } from './sftp-inboxes-query-keys';

export function updateSftpInbox(configId: string, body: UpdateSftpInbox) {
  return apiRequest(sftpInboxesEndpoints.updateSftpInbox, { params: { configId }, body });
}

export function useUpdateSftpInbox(configId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSftpInbox) => updateSftpInbox(configId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sftpInboxesQueryKeys.all }),
  });
}
