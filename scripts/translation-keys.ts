/**
 * The UI's translation keys (docs/architecture.md, "Translations"): every `t('…')` and
 * `tKey('…')` literal in apps/web/src, plus the contract's SPEC texts (MESSAGES) and page titles
 * (WEB_ROUTES), which the web shows through `t(MESSAGES.x)` and `t(route.title)`, and the
 * messages the server sends back (AppError texts and the contract's other message tables), which
 * the web translates when it shows them (lib/api-error.ts). `npm run translations:keys` writes
 * them, sorted, to the server's catalogue; scripts/translation-keys.test.ts fails when the file
 * is stale, when a shipped language misses a key or drops a placeholder, and when a screen shows
 * text that does not go through i18next.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
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
  MATCH_LEVEL_NOT_COMPARED,
  SCORING_FEATURES,
} from '../packages/contract/src/analysis/rulesets.js';
import { THEMES } from '../packages/contract/src/brandings/schemas.js';
import { CampaignStatusSchema } from '../packages/contract/src/campaigns/schemas.js';
import {
  DATA_DOWNLOAD_PROFILE_LABELS,
  DOWNLOAD_STATES,
} from '../packages/contract/src/downloads/schemas.js';
import { JobStatusSchema, WORKFLOW_STEP_LABELS } from '../packages/contract/src/jobs/schemas.js';
import {
  MAGIC_LINK_KINDS,
  MAGIC_LINK_STATUSES,
} from '../packages/contract/src/magic-links/schemas.js';
import {
  ACCOUNTING_MESSAGES,
  LINKED_ACCOUNT_STATUSES,
  LINKED_ACCOUNT_SYNC_SCHEDULES,
} from '../packages/contract/src/merge-links/schemas.js';
import { MESSAGES, SERVICE_TOKEN_MESSAGES } from '../packages/contract/src/messages.js';
import { ROLE_DESCRIPTIONS } from '../packages/contract/src/permissions.js';
import { REFERENCE_MERCHANT_FIELD_LABELS } from '../packages/contract/src/reference-data/schemas.js';
import { SYSTEM_MODES } from '../packages/contract/src/system/schemas.js';
import { WEB_ROUTES } from '../packages/contract/src/routes.js';

const ROOT = path.resolve(import.meta.dirname, '..');
export const WEB_SRC = path.join(ROOT, 'apps/web/src');
const SERVER_SRC = path.join(ROOT, 'apps/server/src');
const CONTRACT_SRC = path.join(ROOT, 'packages/contract/src');
export const CATALOGUE = path.join(ROOT, 'apps/server/src/modules/translations/catalogue');

/** The .ts/.tsx files of a folder, tests and declarations left out. */
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

export function extractKeys(
  files = webSourceFiles(),
  serverFiles = webSourceFiles(SERVER_SRC),
): string[] {
  const keys = new Set<string>();
  for (const file of files) for (const key of keysIn(fs.readFileSync(file, 'utf8'))) keys.add(key);
  for (const file of serverFiles) {
    for (const key of serverMessagesIn(fs.readFileSync(file, 'utf8'))) keys.add(key);
  }
  for (const file of webSourceFiles(CONTRACT_SRC)) {
    for (const key of schemaMessagesIn(fs.readFileSync(file, 'utf8'))) keys.add(key);
  }
  // Contract message tables: MESSAGES the web shows with t(); the others reach it as the
  // server's messages (errors, sign-in hints, the accounting screens' texts).
  for (const table of [MESSAGES, SERVICE_TOKEN_MESSAGES, ACCOUNTING_MESSAGES, CHAT_TEXTS]) {
    for (const value of Object.values(table)) if (typeof value === 'string') keys.add(value);
  }
  // Page titles: the toolbar shows `t(route.title)`.
  for (const route of WEB_ROUTES) keys.add(route.title);
  for (const label of contractLabels()) keys.add(label);
  for (const description of shippedRulesetDescriptions()) keys.add(description);
  keys.delete('');
  return [...keys].sort();
}

const APP_ERROR_FACTORIES = new Set(['badRequest', 'forbidden', 'notFound', 'conflict']);

/**
 * The messages one server source text gives AppError (`AppError.badRequest('…')`,
 * `new AppError(status, '…')`), the engine's and Companies House's errors (`new EngineError(code,
 * '…')`), or marks with `uiText('…')` for a screen: string literals, and template literals as
 * keys with named
 * placeholders — `${job.name}` becomes `{{name}}`, numbered `{{0}}`, `{{1}}` (by position) when
 * the expression is not a plain path or two names clash. The web matches the server's text
 * against these keys to translate it. Texts held in a variable are found only when it is a
 * `const` of the same file with a literal value.
 */
export function serverMessagesIn(source: string): string[] {
  if (!/AppError|EngineError|CompaniesHouseError|uiText/.test(source)) return [];
  const file = ts.createSourceFile('server.ts', source, ts.ScriptTarget.Latest, true);
  // Module-level constants only: a local `message` may be anything.
  const constants = new Map(
    file.statements
      .filter(ts.isVariableStatement)
      .filter((s) => s.declarationList.flags & ts.NodeFlags.Const)
      .flatMap((s) => s.declarationList.declarations)
      .filter((d) => ts.isIdentifier(d.name) && d.initializer)
      .map((d) => [(d.name as ts.Identifier).text, d.initializer!] as const),
  );
  const messages: ts.Expression[] = [];
  const visit = (node: ts.Node): void => {
    const callee = ts.isCallExpression(node) || ts.isNewExpression(node) ? node.expression : null;
    if (ts.isCallExpression(node) && callee && ts.isPropertyAccessExpression(callee)) {
      const { expression, name } = callee;
      const isFactory = expression.getText() === 'AppError' && APP_ERROR_FACTORIES.has(name.text);
      if (isFactory && node.arguments[0]) messages.push(node.arguments[0]);
    }
    // `new EngineError(code, '…')`, `new CompaniesHouseError(kind, '…')`: these errors reach a
    // failed step's message, an upload's errors and an enrichment's message as they are.
    const errorClass = callee?.getText();
    if (
      ts.isNewExpression(node) &&
      ['AppError', 'EngineError', 'CompaniesHouseError'].includes(errorClass ?? '') &&
      node.arguments?.[1]
    ) {
      messages.push(node.arguments[1]);
    }
    // Texts the server builds for a screen, marked with uiText (apps/server/src/lib/ui-text.ts).
    if (ts.isCallExpression(node) && callee?.getText() === 'uiText' && node.arguments[0]) {
      messages.push(node.arguments[0]);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  const keys = messages.flatMap((message) => {
    const constant = ts.isIdentifier(message) ? constants.get(message.text) : undefined;
    return variantsOf(constant ?? message)
      .flatMap(withChoicesMade)
      .map(keyOf);
  });
  // A key with no words of its own (`{{field}}: {{message}}`) has nothing to translate.
  return keys.filter((key) => /[A-Za-z]/.test(key.replace(/\{\{\w+\}\}/g, '')));
}

/** zod checks whose message follows their limit or predicate: `.min(1, '…')`, `.refine(fn, '…')`. */
const ZOD_CHECKS = new Set([
  'min',
  'max',
  'length',
  'regex',
  'gt',
  'gte',
  'lt',
  'lte',
  'multipleOf',
  'refine',
]);

const isText = (node: ts.Node): node is ts.Expression =>
  ts.isStringLiteral(node) ||
  ts.isNoSubstitutionTemplateLiteral(node) ||
  ts.isTemplateExpression(node);

/**
 * The validation messages one contract source gives its schemas: `{ error: '…' }` and
 * `{ message: '…' }` (zod options, `addIssue`), and a check's message (`.min(1, '…')`). The
 * server answers a request that fails a schema with them ("Invalid {{field}}: {{message}}"), and
 * the web says them in the language like the server's other messages.
 */
export function schemaMessagesIn(source: string): string[] {
  const file = ts.createSourceFile('contract.ts', source, ts.ScriptTarget.Latest, true);
  const messages: ts.Expression[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isPropertyAssignment(node) &&
      ts.isIdentifier(node.name) &&
      ['error', 'message'].includes(node.name.text) &&
      isText(node.initializer)
    ) {
      messages.push(node.initializer);
    }
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ZOD_CHECKS.has(node.expression.name.text)
    ) {
      messages.push(...node.arguments.slice(1).filter(isText));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return messages
    .flatMap((message) => variantsOf(message).flatMap(withChoicesMade).map(keyOf))
    .filter((key) => /[A-Za-z]/.test(key.replace(/\{\{\w+\}\}/g, '')));
}

/** A message as its text pieces and the expressions between them. */
type Piece = string | ts.Expression;

/** The texts a message expression can be: a conditional gives both of its branches. */
function variantsOf(node: ts.Expression): Piece[][] {
  if (ts.isParenthesizedExpression(node)) return variantsOf(node.expression);
  if (ts.isConditionalExpression(node)) {
    return [...variantsOf(node.whenTrue), ...variantsOf(node.whenFalse)];
  }
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [[node.text]];
  if (ts.isTemplateExpression(node)) {
    return [
      [
        node.head.text,
        ...node.templateSpans.flatMap((span) => [span.expression, span.literal.text]),
      ],
    ];
  }
  // 'a' + `b ${c}` + d: a sentence split over lines; a side that is no text is a value.
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const side = (part: ts.Expression): Piece[] | undefined => {
      const variants = variantsOf(part);
      return variants.length === 0 ? [part] : variants.length === 1 ? variants[0] : undefined;
    };
    const [left, right] = [side(node.left), side(node.right)];
    return left && right && left.some((p) => typeof p === 'string') ? [[...left, ...right]] : [];
  }
  return [];
}

/** `n === 1 ? '' : 's'`: a choice between two texts, part of the sentence rather than a value. */
function textChoice(piece: Piece): ts.ConditionalExpression | undefined {
  if (typeof piece === 'string') return undefined;
  const node = ts.isParenthesizedExpression(piece) ? piece.expression : piece;
  const isText = (e: ts.Expression) =>
    ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e);
  return ts.isConditionalExpression(node) && isText(node.whenTrue) && isText(node.whenFalse)
    ? node
    : undefined;
}

/**
 * One sentence per way its text choices go (`campaign${n === 1 ? '' : 's'}`), so another language
 * words each whole; choices on the same condition go together.
 */
function withChoicesMade(pieces: Piece[]): Piece[][] {
  const first = pieces.map(textChoice).find(Boolean);
  if (!first) return [pieces];
  const condition = first.condition.getText();
  return (['whenTrue', 'whenFalse'] as const).flatMap((branch) =>
    withChoicesMade(
      pieces.map((piece) => {
        const choice = textChoice(piece);
        if (choice?.condition.getText() !== condition) return piece;
        return (choice[branch] as ts.StringLiteral).text;
      }),
    ),
  );
}

/** `a.b.c` → 'c'; anything else (a call, `x ?? 'none'`) → undefined. */
function pathName(node: ts.Expression): string | undefined {
  if (ts.isIdentifier(node)) return node.text;
  if (ts.isPropertyAccessExpression(node) && pathName(node.expression)) return node.name.text;
  return undefined;
}

function keyOf(pieces: Piece[]): string {
  const values = pieces.filter((piece) => typeof piece !== 'string');
  const names = values.map(pathName);
  const placeholder = (value: ts.Expression): string => {
    const index = values.indexOf(value);
    const name = names[index];
    const unique = name !== undefined && names.indexOf(name) === names.lastIndexOf(name);
    return `{{${unique ? name : index}}}`;
  };
  return pieces.map((piece) => (typeof piece === 'string' ? piece : placeholder(piece))).join('');
}

/** The rulesets the server ships (its defaults, and the rule ruleset still run by old jobs). */
export const SHIPPED_RULESETS = [
  'apps/server/src/engine/matching/confidence-ruleset-v1.json',
  'apps/server/src/engine/matching/default-confidence-ruleset.json',
  'apps/server/src/engine/scoring/default-scoring-ruleset.json',
].map((file) => path.join(ROOT, file));

/**
 * The descriptions of the shipped rulesets' factors, rules and caps, which the web shows through
 * `t(…)` (the ruleset editor, a supplier's score drivers). A ruleset an admin saved keeps the
 * descriptions it was copied with, so those still read in the language; a description the admin
 * typed is no key and stays as typed. The rulesets' own descriptions (the root's) are left out.
 */
export function shippedRulesetDescriptions(files = SHIPPED_RULESETS): string[] {
  const found: string[] = [];
  const visit = (value: unknown, root: boolean): void => {
    if (Array.isArray(value)) value.forEach((item) => visit(item, false));
    else if (value && typeof value === 'object') {
      for (const [name, inner] of Object.entries(value)) {
        if (name === 'description' && typeof inner === 'string' && !root) found.push(inner);
        else visit(inner, false);
      }
    }
  };
  for (const file of files) visit(JSON.parse(fs.readFileSync(file, 'utf8')), true);
  return found;
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
    MATCH_LEVEL_NOT_COMPARED,
    // Reference data mapping form (DevOps).
    ...Object.values(REFERENCE_MERCHANT_FIELD_LABELS),
    // Campaign routes (campaign grids and pages).
    ...Object.values(CAMPAIGN_ROUTE_LABELS),
    // The analysis workflow's steps (job details, DevOps maintenance).
    ...Object.values(WORKFLOW_STEP_LABELS),
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
