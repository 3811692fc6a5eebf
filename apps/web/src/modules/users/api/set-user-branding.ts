import { usersEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/auth/get-session';

export type SetUserBrandingInput = { id: string; brandingId: string | null };

/** Sets a user's own branding; null goes back to the one inherited from their issuer. */
export function setUserBranding(body: SetUserBrandingInput) {
  return apiRequest(usersEndpoints.setUserBranding, { body });
}

/** The effective branding lives in the session profile, so that is asked for again. */
export function useSetUserBranding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserBranding,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
