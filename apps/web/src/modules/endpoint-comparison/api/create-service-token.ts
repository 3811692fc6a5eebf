import { type CreateServiceToken, endpointComparisonEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { endpointComparisonQueryKeys } from './endpoint-comparison-query-keys';

/** A new service token; the answer is the only place its secret ever appears. */
export function createServiceToken(body: CreateServiceToken) {
  return apiRequest(endpointComparisonEndpoints.createServiceToken, { body });
}

export function useCreateServiceToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createServiceToken,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: endpointComparisonQueryKeys.serviceTokens }),
  });
}
