import { mergeLinksEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { mergeLinksQueryKeys } from './merge-links-query-keys';

/** Unlinks: the account token is revoked on the accounting API. */
export function unlinkLinkedAccount(linkedAccountId: string) {
  return apiRequest(mergeLinksEndpoints.unlinkLinkedAccount, { params: { linkedAccountId } });
}

export function useUnlinkLinkedAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlinkLinkedAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mergeLinksQueryKeys.all }),
  });
}
