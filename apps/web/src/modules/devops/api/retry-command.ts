import { proqEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { devopsQueryKeys } from './devops-query-keys';

/** Queues a failed (Error) or canceled command again. */
export function retryCommand(id: string) {
  return apiRequest(proqEndpoints.retryCommand, { params: { id } });
}

/** Every ProQ view refreshes after it. */
export function useRetryCommand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryCommand,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: devopsQueryKeys.proq }),
  });
}
