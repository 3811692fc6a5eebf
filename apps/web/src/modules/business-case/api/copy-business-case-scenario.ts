import { businessCaseEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { businessCaseQueryKeys } from './business-case-query-keys';

/** Copies a scenario as the signed-in user's own. */
export function copyBusinessCaseScenario(jobId: string, scenarioId: string) {
  return apiRequest(businessCaseEndpoints.copyBusinessCaseScenario, {
    params: { id: jobId, scenarioId },
    body: {},
  });
}

export function useCopyBusinessCaseScenario(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (scenarioId: string) => copyBusinessCaseScenario(jobId, scenarioId),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: businessCaseQueryKeys.context(jobId) }),
  });
}
