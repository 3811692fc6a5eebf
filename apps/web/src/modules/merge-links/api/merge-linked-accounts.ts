import { mergeLinksEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { mergeLinksQueryKeys } from './merge-links-query-keys';

/** Folds one linked account into another of the same buyer. */
export function mergeLinkedAccounts(input: { linkedAccountId: string; intoId: string }) {
  return apiRequest(mergeLinksEndpoints.mergeLinkedAccounts, {
    params: { linkedAccountId: input.linkedAccountId },
    body: { intoId: input.intoId },
  });
}

export function useMergeLinkedAccounts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: mergeLinkedAccounts,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mergeLinksQueryKeys.all }),
  });
}
