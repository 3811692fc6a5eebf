import { issuersEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminQueryKeys } from './admin-query-keys';

export type IssuerMemberChange = { userId: string; userRole: 'Manager' | 'Member' | null };

/** Assigns a user to the issuer as Manager or Member, or removes them (userRole null). */
export function updateIssuerUser(issuerId: string, body: IssuerMemberChange) {
  return apiRequest(issuersEndpoints.updateIssuerUser, { params: { id: issuerId }, body });
}

export function useSetIssuerMember(issuerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: IssuerMemberChange) => updateIssuerUser(issuerId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.issuers }),
  });
}

/**
 * The same call from the user's side (their memberships on the user screen): the user and the
 * issuers' member lists are read again.
 */
export function useSetUserMembership(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { issuerId: string; userRole: IssuerMemberChange['userRole'] }) =>
      updateIssuerUser(input.issuerId, { userId, userRole: input.userRole }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminQueryKeys.user(userId) }),
        queryClient.invalidateQueries({ queryKey: adminQueryKeys.issuers }),
      ]),
  });
}
