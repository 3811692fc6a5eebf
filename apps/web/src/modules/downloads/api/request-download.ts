import { downloadsEndpoints, type RequestDownload } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { downloadsQueryKeys } from './downloads-query-keys';

export function requestDownload(jobId: string, body: RequestDownload) {
  return apiRequest(downloadsEndpoints.requestDownload, { params: { id: jobId }, body });
}

/** Queues a prepared download; the user's download lists are read again. */
export function useRequestDownload(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestDownload) => requestDownload(jobId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: downloadsQueryKeys.all }),
  });
}
