import {
  type ResourceLimitKey,
  type UpdateResourceLimit,
  resourceGuardEndpoints,
} from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { resourceGuardQueryKeys } from './resource-guard-query-keys';

/** Sets a limit (value null = no limit; a queueable limit's choice when over it). */
export function updateResourceLimit(key: ResourceLimitKey, body: UpdateResourceLimit) {
  return apiRequest(resourceGuardEndpoints.updateResourceLimit, { params: { key }, body });
}

export function useUpdateResourceLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, ...body }: UpdateResourceLimit & { key: ResourceLimitKey }) =>
      updateResourceLimit(key, body),
    // The usage panel shows the engine settings, which follow the limits.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceGuardQueryKeys.all }),
  });
}
