import { endpointComparisonEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { endpointComparisonQueryKeys } from './endpoint-comparison-query-keys';

export function revokeServiceToken(tokenId: string) {
  return apiRequest(endpointComparisonEndpoints.revokeServiceToken, { params: { tokenId } });
}

export function useRevokeServiceToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeServiceToken,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: endpointComparisonQueryKeys.serviceTokens }),
  });
}
