import { useCasesEndpoints, type UseCaseInput } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useCasesQueryKeys } from './use-cases-query-keys';

/** Creates a use case of the job (from a template or blank). */
export function createJobUseCase(jobId: string, body: UseCaseInput) {
  return apiRequest(useCasesEndpoints.createJobUseCase, { params: { id: jobId }, body });
}

export function useCreateJobUseCase(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UseCaseInput) => createJobUseCase(jobId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: useCasesQueryKeys.list(jobId) }),
  });
}
