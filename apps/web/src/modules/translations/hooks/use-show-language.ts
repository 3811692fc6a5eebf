import { UI_LANGUAGE_KEYS } from '@b2b/contract';
import { applyLanguage, currentLanguage } from '../../../lib/i18n';
import { getTranslationBundle } from '../api/get-translation-bundle';

/** A language the UI has, or null (a stale stored choice, a browser's other language). */
export function uiLanguageOf(language: string | null | undefined): string | null {
  const key = language?.slice(0, 2).toLowerCase() ?? null;
  return key !== null && UI_LANGUAGE_KEYS.includes(key) ? key : null;
}

/**
 * Shows the UI in a language: loads its strings from the server (shipped translation and
 * overrides) and switches i18next to it. A failed load keeps the current language.
 */
export async function showLanguage(language: string, signal?: AbortSignal): Promise<void> {
  const bundle = await getTranslationBundle(language, signal);
  await applyLanguage(bundle);
}

/** Loads the current language's strings again (after an admin changed an override). */
export function reloadCurrentLanguage(): Promise<void> {
  return showLanguage(currentLanguage());
}
