import { useCasesEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useCasesQueryKeys } from './use-cases-query-keys';

/** Copies a use case as the signed-in user's own. */
export function copyJobUseCase(jobId: string, useCaseId: string) {
  return apiRequest(useCasesEndpoints.copyJobUseCase, {
    params: { id: jobId, useCaseId },
    body: {},
  });
}

export function useCopyJobUseCase(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (useCaseId: string) => copyJobUseCase(jobId, useCaseId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: useCasesQueryKeys.list(jobId) }),
  });
}
