import { authEndpoints, type LoginRequestSchema } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/auth/get-session';

export type LoginRequest = z.input<typeof LoginRequestSchema>;

/** Signs in; the server sets the session cookie and answers with the profile. */
export function login(body: LoginRequest) {
  return apiRequest(authEndpoints.login, { body });
}

/** Signs in and stores the profile as the session, so the next page needs no extra call. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (profile) => queryClient.setQueryData(sessionQueryKey, profile),
  });
}
