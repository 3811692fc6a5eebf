import { businessCaseEndpoints, type BusinessCaseScenarioInput } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { businessCaseQueryKeys } from './business-case-query-keys';

/** Saves changed inputs (or a new name) over a scenario the user created. */
export function updateBusinessCaseScenario(
  jobId: string,
  scenarioId: string,
  input: BusinessCaseScenarioInput,
) {
  return apiRequest(businessCaseEndpoints.updateBusinessCaseScenario, {
    params: { id: jobId, scenarioId },
    body: input,
  });
}

export function useUpdateBusinessCaseScenario(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ scenarioId, input }: { scenarioId: string; input: BusinessCaseScenarioInput }) =>
      updateBusinessCaseScenario(jobId, scenarioId, input),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: businessCaseQueryKeys.context(jobId) }),
  });
}
