import { sftpInboxesEndpoints } from '@b2b/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Connects with the saved settings, checks the pinned host key and lists the folder. */
export function testSftpConnection(configId: string) {
  return apiRequest(sftpInboxesEndpoints.testSftpConnection, { params: { configId } });
}

export function useTestSftpConnection(configId: string) {
  return useMutation({ mutationFn: () => testSftpConnection(configId) });
}
