import { translationsEndpoints } from '@b2b/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { translationsQueryKeys } from './translations-query-keys';

/** Every UI string of a language: shipped text, override and what users see. */
export function listTranslationEntries(language: string, signal?: AbortSignal) {
  return apiRequest(translationsEndpoints.listTranslationEntries, { params: { language }, signal });
}

export function useTranslationEntries(language: string) {
  return useQuery({
    queryKey: translationsQueryKeys.entries(language),
    queryFn: ({ signal }) => listTranslationEntries(language, signal),
  });
}
