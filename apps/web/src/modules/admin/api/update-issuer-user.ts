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
