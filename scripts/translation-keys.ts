/**
 * The UI's translation keys (docs/architecture.md, "Translations"): every `t('…')` and
 * `tKey('…')` literal in apps/web/src, plus the contract's SPEC texts (MESSAGES) and page titles
 * (WEB_ROUTES), which the web shows through `t(MESSAGES.x)` and `t(route.title)`. `npm run translations:keys` writes them, sorted, to the
 * server's catalogue; scripts/translation-keys.test.ts fails when the file is stale, when a
 * shipped language misses a key or drops a placeholder, and when a screen shows text that does
 * not go through i18next.
 */
import fs from 'node:fs';
import path from 'node:path';
import { MESSAGES } from '../packages/contract/src/messages.js';
import { WEB_ROUTES } from '../packages/contract/src/routes.js';

const ROOT = path.resolve(import.meta.dirname, '..');
export const WEB_SRC = path.join(ROOT, 'apps/web/src');
export const CATALOGUE = path.join(ROOT, 'apps/server/src/modules/translations/catalogue');

export function webSourceFiles(folder = WEB_SRC): string[] {
  return fs
    .readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.(test|d)\.tsx?$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

const CALL =
  /\b(?:t|tKey)\(\s*(?:'((?:\\.|[^'\\\n])*)'|"((?:\\.|[^"\\\n])*)"|`((?:\\.|[^`\\$])*)`)/g;

function unescape(text: string): string {
  return text.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
}

/** The keys one source text passes to `t` or `tKey` as literals. */
export function keysIn(source: string): string[] {
  return [...source.matchAll(CALL)].map((m) => unescape(m[1] ?? m[2] ?? m[3] ?? ''));
}

export function extractKeys(files = webSourceFiles()): string[] {
  const keys = new Set<string>();
  for (const file of files) for (const key of keysIn(fs.readFileSync(file, 'utf8'))) keys.add(key);
  for (const value of Object.values(MESSAGES)) if (typeof value === 'string') keys.add(value);
  // Page titles: the toolbar shows `t(route.title)`.
  for (const route of WEB_ROUTES) keys.add(route.title);
  keys.delete('');
  return [...keys].sort();
}

/**
 * Text a screen shows without i18next: words between JSX tags, and words in the attributes and
 * column fields that reach the screen. A heuristic — it misses text built in code — but it
 * catches the common case of a new screen written in plain English.
 */
const PLAIN_TEXT = [
  /(?<!=)>[ \t]*([A-Za-z][^<>{}\n]*?)[ \t]*<\/?[A-Za-z]/g,
  /^[ \t]*([A-Za-z][^<>{}\n;=]*[A-Za-z.!?:)])[ \t]*\n[ \t]*<\/?[A-Za-z]/gm,
  /\b(?:label|title|placeholder|helperText|aria-label|alt|headerName|description|emptyText)[=:]\s*['"]([^'"]*[A-Za-z]{2}[^'"]*)['"]/g,
];

/** Addresses and examples of them are not words to translate. */
const NOT_WORDS = /^(https?:\/\/\S+|\S+@\S+)$/;

export function plainTextIn(source: string): string[] {
  return PLAIN_TEXT.flatMap((pattern) =>
    [...source.matchAll(pattern)].map((m) => m[1]!.trim()),
  ).filter((text) => !NOT_WORDS.test(text));
}

/** Files (relative to apps/web/src) that show text not passed through `t`. */
export function untranslatedFiles(files = webSourceFiles()): string[] {
  return files
    .filter((file) => plainTextIn(fs.readFileSync(file, 'utf8')).length > 0)
    .map((file) => path.relative(WEB_SRC, file).split(path.sep).join('/'));
}

if (process.argv[1] === import.meta.filename) {
  const keys = extractKeys();
  fs.writeFileSync(path.join(CATALOGUE, 'keys.json'), `${JSON.stringify(keys, null, 2)}\n`);
  console.log(`${keys.length} keys written to ${path.relative(ROOT, CATALOGUE)}/keys.json`);
}
