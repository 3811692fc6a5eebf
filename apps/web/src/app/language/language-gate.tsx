import { useEffect, useState, type ReactNode } from 'react';
import { rememberedLanguage } from '../../lib/i18n';
import { showLanguage, uiLanguageOf } from '../../modules/translations/hooks/use-show-language';

/** How long the first screen waits for its strings before it shows in English. */
const FIRST_STRINGS_TIMEOUT_MS = 2000;

/**
 * Holds the first render until the UI's strings have loaded (so a German user never sees English
 * flash first): the language last used in this browser, else the browser's own if the UI has it,
 * else English — whose strings are its keys, plus any English overrides. After sign-in the
 * user's language takes over (FollowUserLanguage).
 */
export function LanguageGate({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const language = uiLanguageOf(rememberedLanguage()) ?? uiLanguageOf(navigator.language) ?? 'en';
    const controller = new AbortController();
    const timeout = window.setTimeout(() => controller.abort(), FIRST_STRINGS_TIMEOUT_MS);
    showLanguage(language, controller.signal)
      .catch(() => undefined)
      .finally(() => {
        window.clearTimeout(timeout);
        setReady(true);
      });
    return () => controller.abort();
  }, []);
  return ready ? children : null;
}
