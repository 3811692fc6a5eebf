import { usersEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { adminQueryKeys } from './admin-query-keys';

export type UserInviteInput = z.input<typeof usersEndpoints.inviteUser.body>;

/** Invites a user by e-mail. */
export function inviteUser(body: UserInviteInput) {
  return apiRequest(usersEndpoints.inviteUser, { body });
}

export function useInviteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.users }),
  });
}
