import { authEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sessionInfoQueryKey } from './get-session-info';

/** Turns the idle auto-logout session setting on or off. */
export function updateSessionSettings(body: { idleAutoLogout: boolean }) {
  return apiRequest(authEndpoints.updateSessionSettings, { body });
}

export function useUpdateSessionSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSessionSettings,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionInfoQueryKey }),
  });
}
