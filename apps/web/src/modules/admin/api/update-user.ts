import { usersEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { adminQueryKeys } from './admin-query-keys';

export type UserUpdateInput = z.input<typeof usersEndpoints.updateUser.body>;

/** Changes a user's profile fields. */
export function updateUser(body: UserUpdateInput) {
  return apiRequest(usersEndpoints.updateUser, { body });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.users }),
  });
}
