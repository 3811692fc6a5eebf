import { proqEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { devopsQueryKeys } from './devops-query-keys';

/** Cancels a Pending or Blocked command. */
export function cancelCommand(id: string) {
  return apiRequest(proqEndpoints.cancelCommand, { params: { id } });
}

/** Every ProQ view refreshes after it. */
export function useCancelCommand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelCommand,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: devopsQueryKeys.proq }),
  });
}
