import { type UpdateComparisonSettings, endpointComparisonEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { endpointComparisonQueryKeys } from './endpoint-comparison-query-keys';

export function updateComparisonSettings(body: UpdateComparisonSettings) {
  return apiRequest(endpointComparisonEndpoints.updateComparisonSettings, { body });
}

export function useUpdateComparisonSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateComparisonSettings,
    onSuccess: (settings) =>
      queryClient.setQueryData(endpointComparisonQueryKeys.settings, settings),
  });
}
