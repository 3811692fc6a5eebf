import { translationsEndpoints } from '@b2b/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { translationsQueryKeys } from './translations-query-keys';

/** The UI language the signed-in user sees: their choice, else their issuer's, else English. */
export function getMyLanguage(signal?: AbortSignal) {
  return apiRequest(translationsEndpoints.getMyLanguage, { signal });
}

export function useMyLanguage(enabled = true) {
  return useQuery({
    queryKey: translationsQueryKeys.myLanguage,
    queryFn: ({ signal }) => getMyLanguage(signal),
    enabled,
  });
}

/** Chooses a UI language, or (null) follows the issuer's again. */
export function setMyLanguage(language: string | null) {
  return apiRequest(translationsEndpoints.setMyLanguage, { body: { language } });
}

export function useSetMyLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMyLanguage,
    onSuccess: (answer) => queryClient.setQueryData(translationsQueryKeys.myLanguage, answer),
  });
}
