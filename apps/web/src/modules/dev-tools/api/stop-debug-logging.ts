import { devToolsEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { devToolsQueryKeys } from './dev-tools-query-keys';

/** Ends the debug-logging window now. */
export function stopDebugLogging() {
  return apiRequest(devToolsEndpoints.stopDebugLogging, {});
}

export function useStopDebugLogging() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stopDebugLogging,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: devToolsQueryKeys.debugLoggingAll }),
  });
}
