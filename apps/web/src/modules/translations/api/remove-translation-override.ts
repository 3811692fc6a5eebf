import { translationsEndpoints } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { translationsQueryKeys } from './translations-query-keys';

/** Takes an override away: the string shows its shipped text (or English) again. */
export function removeTranslationOverride(query: { language: string; key: string }) {
  return apiRequest(translationsEndpoints.removeTranslationOverride, { query });
}

export function useRemoveTranslationOverride() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeTranslationOverride,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: translationsQueryKeys.all }),
  });
}
