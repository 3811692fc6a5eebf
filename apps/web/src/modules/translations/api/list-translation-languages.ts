import { translationsEndpoints } from '@b2b/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { translationsQueryKeys } from './translations-query-keys';

/** Every UI language with how many strings are missing or overridden. */
export function listTranslationLanguages(signal?: AbortSignal) {
  return apiRequest(translationsEndpoints.listTranslationLanguages, { signal });
}

export function useTranslationLanguages() {
  return useQuery({
    queryKey: translationsQueryKeys.languages,
    queryFn: ({ signal }) => listTranslationLanguages(signal),
  });
}
