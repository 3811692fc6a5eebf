import { type MemoryHogRequest, runtimeEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { devopsQueryKeys } from './devops-query-keys';

/** Holds the memory for the time asked (one exercise at a time). */
export function startMemoryHog(request: MemoryHogRequest) {
  return apiRequest(runtimeEndpoints.startMemoryHog, { body: request });
}

export function useStartMemoryHog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startMemoryHog,
    onSuccess: (state) => queryClient.setQueryData(devopsQueryKeys.memoryHog, state),
  });
}
