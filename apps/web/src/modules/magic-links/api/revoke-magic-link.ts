import { magicLinksEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { magicLinksQueryKeys } from './magic-links-query-keys';

/** Revokes a link: it stops working at once. */
export function revokeMagicLink(linkId: string) {
  return apiRequest(magicLinksEndpoints.revokeMagicLink, { params: { linkId } });
}

export function useRevokeMagicLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeMagicLink,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: magicLinksQueryKeys.all }),
  });
}
