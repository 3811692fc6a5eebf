import fs from 'node:fs';

/**
 * The UI strings the web passes to i18next (their English text is the key), as
 * `npm run translations:keys` extracts them from apps/web/src and the contract's messages, and the
 * translations the product ships. A tooling test keeps keys.json equal to the source and every
 * shipped language complete (scripts/translation-keys.test.ts).
 */
const read = (file: string): unknown =>
  JSON.parse(fs.readFileSync(new URL(`./catalogue/${file}`, import.meta.url), 'utf8'));

/** The languages with a full shipped translation besides English (whose keys are its text). */
export const SHIPPED_LANGUAGES = ['de'] as const;

export type Catalogue = {
  keys: readonly string[];
  keySet: ReadonlySet<string>;
  shipped: ReadonlyMap<string, Readonly<Record<string, string>>>;
};

let loaded: Catalogue | undefined;

export function catalogue(): Catalogue {
  if (loaded) return loaded;
  const keys = read('keys.json') as string[];
  const shipped = new Map(
    SHIPPED_LANGUAGES.map((language) => [
      language,
      read(`${language}.json`) as Record<string, string>,
    ]),
  );
  loaded = { keys, keySet: new Set(keys), shipped };
  return loaded;
}
