import { type ResourceLimitKey, resourceGuardEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { resourceGuardQueryKeys } from './resource-guard-query-keys';

/** Sets a limit (null = no limit). */
export function updateResourceLimit(key: ResourceLimitKey, value: number | null) {
  return apiRequest(resourceGuardEndpoints.updateResourceLimit, {
    params: { key },
    body: { value },
  });
}

export function useUpdateResourceLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, value }: { key: ResourceLimitKey; value: number | null }) =>
      updateResourceLimit(key, value),
    // The usage panel shows the engine settings, which follow the limits.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceGuardQueryKeys.all }),
  });
}
