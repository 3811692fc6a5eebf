import type { i18n as I18next } from 'i18next';
import type { ServerMessageTranslator } from './server-messages';

/**
 * The UI's translations (docs/architecture.md, "Translations"). Every UI string goes through
 * `t` with its English text as the key: English needs no strings shipped to the browser, a
 * string without a translation shows in English, and `npm run translations:keys` finds every key
 * in the source. A language's strings (shipped translation plus admins' overrides) come from the
 * server, so an override takes effect on the next page load without a rebuild.
 *
 * i18next does the translating, and is loaded only when there is something to translate (a
 * language other than English, or English overrides): English as shipped is its keys with the
 * values put in, which needs no library — so the sign-in page does not pay ~15 KB for it.
 */
export type Translate = (key: string, values?: Record<string, unknown>) => string;

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/** English as shipped: the key, with `{{name}}` placeholders filled in. */
const english: Translate = (key, values) =>
  values ? key.replace(PLACEHOLDER, (all, name: string) => String(values[name] ?? all)) : key;

let language = 'en';
let translate: Translate = english;
const unchanged: ServerMessageTranslator = (text) => text;
let serverMessage = unchanged;
let revision = 0;
const listeners = new Set<() => void>();

/** The language the UI shows. */
export function currentLanguage(): string {
  return language;
}

/** Translates with the current language (outside React; components use `useT`). */
export function t(key: string, values?: Record<string, unknown>): string {
  return translate(key, values);
}

/**
 * A message the server sent (an error's text, a field error) in the current language: the server
 * answers in English only, and its messages are catalogue keys (lib/i18n/server-messages.ts).
 */
export function translateServerMessage(text: string): string {
  return serverMessage(text);
}

/** For useT: subscribe to language changes, and a number that changes with each. */
export function subscribeToLanguage(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export function languageRevision(): number {
  return revision;
}

/**
 * Marks a string kept in a constant (a menu's labels, a table's column names) as a UI string, so
 * the key extractor finds it; the code translates it with `t(...)` where it shows it.
 */
export function tKey<const T extends string>(text: T): T {
  return text;
}

const STORAGE_KEY = 'b2b.language';

/** The language to start in before anyone is known: the last one used in this browser. */
export function rememberedLanguage(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export type LanguageStrings = { language: string; strings: Record<string, string> };

let instance: Promise<I18next> | undefined;

/** One i18next instance for the app, loaded on first need. */
function i18next(): Promise<I18next> {
  instance ??= import('i18next').then(async ({ default: library }) => {
    const created = library.createInstance();
    await created.init({
      lng: 'en',
      fallbackLng: false,
      keySeparator: false,
      nsSeparator: false,
      returnEmptyString: false,
      // React escapes what it renders; escaping here would show "&amp;" for "&".
      interpolation: { escapeValue: false },
      resources: {},
    });
    return created;
  });
  return instance;
}

/** Shows the UI in a language, with the strings the server gave for it. */
export async function applyLanguage({ language: next, strings }: LanguageStrings): Promise<void> {
  if (next === 'en' && Object.keys(strings).length === 0) {
    translate = english;
    serverMessage = unchanged;
  } else {
    // The matcher of the server's messages comes with i18next: English as shipped needs neither.
    const [library, { serverMessageTranslator }] = await Promise.all([
      i18next(),
      import('./server-messages'),
    ]);
    // Replaced whole: a string whose override was taken away must go too.
    library.removeResourceBundle(next, 'translation');
    library.addResourceBundle(next, 'translation', strings);
    await library.changeLanguage(next);
    const fixed = library.getFixedT(next);
    translate = (key, values) => fixed(key, { ...values }) as string;
    serverMessage = serverMessageTranslator(strings, translate);
  }
  language = next;
  revision += 1;
  document.documentElement.lang = next;
  listeners.forEach((listener) => listener());
  try {
    window.localStorage.setItem(STORAGE_KEY, next);
  } catch {
    // Private windows may refuse storage; the language then follows the user or issuer only.
  }
}
