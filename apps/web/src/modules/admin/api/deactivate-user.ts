import { usersEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminQueryKeys } from './admin-query-keys';

/** Deactivates a user: they can no longer sign in. */
export function deactivateUser(id: string) {
  return apiRequest(usersEndpoints.deactivateUser, { body: { id } });
}

export function useDeactivateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.users }),
  });
}
