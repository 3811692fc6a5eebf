import { useCasesEndpoints, type UseCaseInput } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useCasesQueryKeys } from './use-cases-query-keys';

/** Replaces a use case's name, product, action and rule. */
export function updateJobUseCase(jobId: string, useCaseId: string, body: UseCaseInput) {
  return apiRequest(useCasesEndpoints.updateJobUseCase, {
    params: { id: jobId, useCaseId },
    body,
  });
}

/** Its rule may have changed: the list, the use case and its suppliers are read again. */
export function useUpdateJobUseCase(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ useCaseId, body }: { useCaseId: string; body: UseCaseInput }) =>
      updateJobUseCase(jobId, useCaseId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: useCasesQueryKeys.ofJob(jobId) }),
  });
}
