import { translationsEndpoints } from '@b2b/contract';
import { apiRequest } from '../../../lib/api-client';

/** A language's UI strings: shipped translations with the admins' overrides on top. */
export function getTranslationBundle(language: string, signal?: AbortSignal) {
  return apiRequest(translationsEndpoints.getTranslationBundle, { params: { language }, signal });
}
