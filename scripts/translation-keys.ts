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
import { AI_PROMPT_PURPOSE_INFO } from '../packages/contract/src/ai-prompts/schemas.js';
import { EXPLAIN_TEXTS, FIGURE_LABELS } from '../packages/contract/src/business-case/calculate.js';
import { COSTED_METHODS } from '../packages/contract/src/business-case/schemas.js';
import { CHAT_TEXTS } from '../packages/contract/src/chat/schemas.js';
import {
  CAMPAIGN_ROUTE_LABELS,
  CommandStateSchema,
  DOCUMENT_TYPE_LABELS,
  JOB_TYPES,
  LevelSchema,
  MatchStatusSchema,
  SLICERS,
} from '../packages/contract/src/analysis/enums.js';
import { INGESTION_FIELDS } from '../packages/contract/src/analysis/ingestion.js';
import {
  MATCH_COMPARISONS,
  MATCH_EVIDENCE_FIELDS,
  SCORING_FEATURES,
} from '../packages/contract/src/analysis/rulesets.js';
import { THEMES } from '../packages/contract/src/brandings/schemas.js';
import { CampaignStatusSchema } from '../packages/contract/src/campaigns/schemas.js';
import {
  DATA_DOWNLOAD_PROFILE_LABELS,
  DOWNLOAD_STATES,
} from '../packages/contract/src/downloads/schemas.js';
import { JobStatusSchema } from '../packages/contract/src/jobs/schemas.js';
import {
  MAGIC_LINK_KINDS,
  MAGIC_LINK_STATUSES,
} from '../packages/contract/src/magic-links/schemas.js';
import {
  LINKED_ACCOUNT_STATUSES,
  LINKED_ACCOUNT_SYNC_SCHEDULES,
} from '../packages/contract/src/merge-links/schemas.js';
import { MESSAGES } from '../packages/contract/src/messages.js';
import { ROLE_DESCRIPTIONS } from '../packages/contract/src/permissions.js';
import { REFERENCE_MERCHANT_FIELD_LABELS } from '../packages/contract/src/reference-data/schemas.js';
import { SYSTEM_MODES } from '../packages/contract/src/system/schemas.js';
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
  for (const label of contractLabels()) keys.add(label);
  keys.delete('');
  return [...keys].sort();
}

/**
 * Display words of the contract that the web shows through `t(…)`: label tables and enum values.
 * An explicit list (not every string of the contract), so a table joins only once its screen
 * translates it.
 */
function contractLabels(): string[] {
  return [
    // Job type titles: job list, wizard, job header, dashboard tiles, new-job menu.
    ...Object.values(JOB_TYPES),
    // Upload wizard: mapping fields and preview columns.
    ...Object.values(INGESTION_FIELDS).map((f) => f.label),
    // Supplier match evidence table and the confidence ruleset's sentences.
    ...Object.values(MATCH_EVIDENCE_FIELDS).map((f) => f.label),
    // The scoring ruleset's sentences.
    ...Object.values(SCORING_FEATURES).map((f) => f.label),
    // Match model tables: comparison names and their levels.
    ...Object.values(MATCH_COMPARISONS).flatMap((c) => [
      c.label,
      ...Object.values(c.levels as Record<string, string>),
    ]),
    // Reference data mapping form (DevOps).
    ...Object.values(REFERENCE_MERCHANT_FIELD_LABELS),
    // Campaign routes (campaign grids and pages).
    ...Object.values(CAMPAIGN_ROUTE_LABELS),
    // A job file's document type (job details).
    ...Object.values(DOCUMENT_TYPE_LABELS),
    // Insights slice selector: the slicers' names (their values are the data's own codes).
    ...Object.keys(SLICERS),
    // AI prompts admin: each purpose's name and what it is used for.
    ...Object.values(AI_PROMPT_PURPOSE_INFO).flatMap((p) => [p.label, p.use]),
    // Theme names (theme switcher).
    ...Object.values(THEMES),
    // Role names (role switcher, resource hub).
    ...Object.values(ROLE_DESCRIPTIONS).map((r) => r.displayName),
    // Chat panel: its greeting and the composer's length warning.
    CHAT_TEXTS.greeting,
    CHAT_TEXTS.questionTooLong,
    // Business case: the figures' names (results, comparison, printable summary).
    ...Object.values(FIGURE_LABELS),
    // Business case: how each figure was computed, and the costed payment methods they name.
    ...Object.values(EXPLAIN_TEXTS),
    ...COSTED_METHODS,
    // Data download: the datapoint profiles' names.
    ...Object.values(DATA_DOWNLOAD_PROFILE_LABELS),
    // Status chips and level chips: enum values shown as words.
    ...CommandStateSchema.options,
    ...JobStatusSchema.options,
    ...CampaignStatusSchema.options,
    ...LevelSchema.options,
    ...MatchStatusSchema.options,
    ...DOWNLOAD_STATES,
    ...LINKED_ACCOUNT_STATUSES,
    ...LINKED_ACCOUNT_SYNC_SCHEDULES,
    ...SYSTEM_MODES,
    ...MAGIC_LINK_KINDS,
    ...MAGIC_LINK_STATUSES,
  ];
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
