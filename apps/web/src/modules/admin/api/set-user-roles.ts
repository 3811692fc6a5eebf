import { authorizationEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { adminQueryKeys } from './admin-query-keys';

export type UserRolesInput = { userId: string; standard: string[]; tabbedView: string[] };

/** Replaces a user's standard and tabbed-view roles. */
export function setUserRoles({ userId, standard, tabbedView }: UserRolesInput) {
  return apiRequest(authorizationEndpoints.setUserRoles, {
    params: { userId },
    body: { standard, tabbedView } as z.input<typeof authorizationEndpoints.setUserRoles.body>,
  });
}

export function useSetUserRoles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserRoles,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.users }),
  });
}
