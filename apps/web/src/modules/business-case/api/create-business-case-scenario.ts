import { businessCaseEndpoints, type BusinessCaseScenarioInput } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { businessCaseQueryKeys } from './business-case-query-keys';

/** Saves the calculator's inputs as a named scenario of the job. */
export function createBusinessCaseScenario(jobId: string, input: BusinessCaseScenarioInput) {
  return apiRequest(businessCaseEndpoints.createBusinessCaseScenario, {
    params: { id: jobId },
    body: input,
  });
}

export function useCreateBusinessCaseScenario(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BusinessCaseScenarioInput) => createBusinessCaseScenario(jobId, input),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: businessCaseQueryKeys.context(jobId) }),
  });
}
