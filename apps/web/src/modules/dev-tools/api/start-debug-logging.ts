import { devToolsEndpoints, type StartDebugLogging } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { devToolsQueryKeys } from './dev-tools-query-keys';

/** Sets every server process's log level for some minutes. */
export function startDebugLogging(body: StartDebugLogging) {
  return apiRequest(devToolsEndpoints.startDebugLogging, { body });
}

export function useStartDebugLogging() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startDebugLogging,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: devToolsQueryKeys.debugLoggingAll }),
  });
}
