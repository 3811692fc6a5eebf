import { useEffect, useState, type ReactNode } from 'react';
import { rememberedLanguage } from '../../lib/i18n';
import { showLanguage, uiLanguageOf } from '../../modules/translations/hooks/use-show-language';

/** How long the first screen waits for its strings before it shows in English. */
const FIRST_STRINGS_TIMEOUT_MS = 2000;

/** The first strings' load that start-requests.ts started, until the gate takes it. */
let started: Promise<void> | undefined;

/**
 * Loads the first screen's strings: the language last used in this browser, else the browser's
 * own if the UI has it, else English — whose strings are its keys, plus any English overrides.
 * Settles (never rejects) when they are shown, have failed, or took too long.
 */
function loadFirstStrings(signal?: AbortSignal): Promise<void> {
  const language = uiLanguageOf(rememberedLanguage()) ?? uiLanguageOf(navigator.language) ?? 'en';
  const controller = new AbortController();
  signal?.addEventListener('abort', () => controller.abort());
  const timeout = window.setTimeout(() => controller.abort(), FIRST_STRINGS_TIMEOUT_MS);
  return showLanguage(language, controller.signal)
    .catch(() => undefined)
    .finally(() => window.clearTimeout(timeout));
}

/**
 * Starts loading the first screen's strings as the app starts (start-requests.ts), so they
 * download beside the session instead of after React's first render, which the gate waited
 * for (docs/perf/lighthouse.md).
 */
export function startFirstStrings(): void {
  started ??= loadFirstStrings();
}

/**
 * Holds the first render until the UI's strings have loaded (so a German user never sees English
 * flash first). After sign-in the user's language takes over (FollowUserLanguage).
 */
export function LanguageGate({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    const strings = started ?? loadFirstStrings(controller.signal);
    started = undefined;
    void strings.then(() => {
      if (!controller.signal.aborted) setReady(true);
    });
    return () => controller.abort();
  }, []);
  return ready ? children : null;
}
