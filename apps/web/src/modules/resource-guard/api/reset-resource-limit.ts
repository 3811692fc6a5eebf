import { type ResourceLimitKey, resourceGuardEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { resourceGuardQueryKeys } from './resource-guard-query-keys';

/** Back to the default of the server's configuration. */
export function resetResourceLimit(key: ResourceLimitKey) {
  return apiRequest(resourceGuardEndpoints.resetResourceLimit, { params: { key } });
}

export function useResetResourceLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: ResourceLimitKey) => resetResourceLimit(key),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceGuardQueryKeys.all }),
  });
}
