import { mergeLinksEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { mergeLinksQueryKeys } from './merge-links-query-keys';

/** Re-sync: queues a pull of the account's data into a new Consultant Upload job. */
export function syncLinkedAccount(linkedAccountId: string) {
  return apiRequest(mergeLinksEndpoints.syncLinkedAccount, { params: { linkedAccountId } });
}

export function useSyncLinkedAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncLinkedAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mergeLinksQueryKeys.all }),
  });
}
