import { useCasesEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useCasesQueryKeys } from './use-cases-query-keys';

/** Deletes a use case (its creator's). */
export function deleteJobUseCase(jobId: string, useCaseId: string) {
  return apiRequest(useCasesEndpoints.deleteJobUseCase, { params: { id: jobId, useCaseId } });
}

export function useDeleteJobUseCase(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (useCaseId: string) => deleteJobUseCase(jobId, useCaseId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: useCasesQueryKeys.list(jobId) }),
  });
}
