import { systemEndpoints, type SystemMode } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { systemModeQueryKey } from './get-system-mode';

/** Switches the system mode (needs SystemModeUpdate). */
export function setSystemMode(mode: SystemMode) {
  return apiRequest(systemEndpoints.setSystemMode, { query: { mode } });
}

/** Stores the answer as the mode, so the whole app follows at once. */
export function useSetSystemMode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setSystemMode,
    onSuccess: (answer) => queryClient.setQueryData(systemModeQueryKey, answer),
  });
}
