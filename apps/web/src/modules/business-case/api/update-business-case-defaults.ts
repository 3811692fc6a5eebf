import { businessCaseEndpoints, type BusinessCaseAssumptions } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { businessCaseQueryKeys } from './business-case-query-keys';

/** Makes these assumptions the defaults of the job's issuer (IssuerUpdate). */
export function updateBusinessCaseDefaults(jobId: string, assumptions: BusinessCaseAssumptions) {
  return apiRequest(businessCaseEndpoints.updateBusinessCaseDefaults, {
    params: { id: jobId },
    body: assumptions,
  });
}

export function useUpdateBusinessCaseDefaults(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (assumptions: BusinessCaseAssumptions) =>
      updateBusinessCaseDefaults(jobId, assumptions),
    onSuccess: (context) => queryClient.setQueryData(businessCaseQueryKeys.context(jobId), context),
  });
}
