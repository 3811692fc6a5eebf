import { businessCaseEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { businessCaseQueryKeys } from './business-case-query-keys';

/** Deletes a scenario the user created. */
export function deleteBusinessCaseScenario(jobId: string, scenarioId: string) {
  return apiRequest(businessCaseEndpoints.deleteBusinessCaseScenario, {
    params: { id: jobId, scenarioId },
  });
}

export function useDeleteBusinessCaseScenario(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (scenarioId: string) => deleteBusinessCaseScenario(jobId, scenarioId),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: businessCaseQueryKeys.context(jobId) }),
  });
}
