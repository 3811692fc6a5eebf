import { translationsEndpoints, type SetTranslationOverride } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { translationsQueryKeys } from './translations-query-keys';

/** Overrides one UI string in one language. */
export function setTranslationOverride(body: SetTranslationOverride) {
  return apiRequest(translationsEndpoints.setTranslationOverride, { body });
}

export function useSetTranslationOverride() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setTranslationOverride,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: translationsQueryKeys.all }),
  });
}
