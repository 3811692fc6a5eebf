import { type CreateMagicLink, magicLinksEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { magicLinksQueryKeys } from './magic-links-query-keys';

/** Makes a link; the answer carries its address with the token, shown this once. */
export function createMagicLink(body: CreateMagicLink) {
  return apiRequest(magicLinksEndpoints.createMagicLink, { body });
}

export function useCreateMagicLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMagicLink,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: magicLinksQueryKeys.all }),
  });
}
