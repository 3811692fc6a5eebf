import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CATALOGUE,
  extractKeys,
  keysIn,
  plainTextIn,
  schemaMessagesIn,
  SHIPPED_RULESETS,
  serverMessagesIn,
  shippedRulesetDescriptions,
  untranslatedFiles,
} from './translation-keys.js';

const read = (file: string): unknown => JSON.parse(fs.readFileSync(file, 'utf8'));
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

/**
 * Screens still written in plain English, not yet through i18next. The list only shrinks: a file
 * translated must leave it (this test says so), and a new file must not join it.
 */
const NOT_YET_TRANSLATED = read(path.join(import.meta.dirname, 'untranslated-files.json'));

describe('the UI translation catalogue', () => {
  it('holds exactly the keys the source passes to i18next (run npm run translations:keys)', () => {
    expect(read(path.join(CATALOGUE, 'keys.json'))).toEqual(extractKeys());
  });

  it('ships German complete: every key, no stale one, the same placeholders', () => {
    const keys = read(path.join(CATALOGUE, 'keys.json')) as string[];
    const german = read(path.join(CATALOGUE, 'de.json')) as Record<string, string>;
    expect(Object.keys(german).sort()).toEqual([...keys].sort());
    for (const key of keys) {
      expect(german[key]?.trim(), key).toBeTruthy();
      expect(placeholders(german[key]!), key).toEqual(placeholders(key));
    }
  });

  it('leaves only the listed screens showing text that does not go through i18next', () => {
    expect(untranslatedFiles()).toEqual(NOT_YET_TRANSLATED);
  });
});

describe('finding keys and plain text', () => {
  it('reads t and tKey literals in any quotes, with escapes, and no templates with values', () => {
    const source = [
      "t('Sign in')",
      't("Don\'t Refresh")',
      "t('It\\'s {{n}}', { n })",
      'tKey(`Home`)',
      't(`${dynamic} text`)',
      'format(value)',
    ].join('\n');
    expect(keysIn(source)).toEqual(['Sign in', "Don't Refresh", "It's {{n}}", 'Home']);
  });

  it("reads the server's AppError messages: literals and templates with named placeholders", () => {
    const source = [
      "throw AppError.notFound('No such job.');",
      'throw AppError.conflict(`The job ${job.name} is ${status}.`);',
      "throw new AppError(429, 'Too many requests.', 'rate-limited');",
      "throw AppError.badRequest(`file: larger than ${format(limit)}`, 'file');",
      "throw AppError.badRequest('Choose a ' +\n  `${kind} file`);",
      'const GONE = `This link is gone.`;',
      'throw AppError.notFound(GONE);',
      "throw AppError.notFound(mine ? 'No such file.' : 'No such link.');",
      'throw AppError.badRequest(`${field}: ${message}`);',
      "throw new Error('Not a message for users.');",
      "notify('Not an AppError either.');",
    ].join('\n');
    expect(serverMessagesIn(source)).toEqual([
      'No such job.',
      'The job {{name}} is {{status}}.',
      'Too many requests.',
      'file: larger than {{0}}',
      'Choose a {{kind}} file',
      'This link is gone.',
      'No such file.',
      'No such link.',
    ]);
  });

  it('numbers placeholders whose names clash, and words each way a text choice goes', () => {
    const source = [
      'throw AppError.conflict(`You have version ${version}, it is now ${now.version}.`);',
      'throw AppError.conflict(',
      "  `${n} campaign${n === 1 ? '' : 's'}; complete ${n === 1 ? 'it' : 'them'} first.`,",
      ');',
    ].join('\n');
    expect(serverMessagesIn(source)).toEqual([
      'You have version {{0}}, it is now {{1}}.',
      '{{n}} campaign; complete it first.',
      '{{n}} campaigns; complete them first.',
    ]);
  });

  it('reads the texts the server marks with uiText for a screen', () => {
    const source = [
      "reasons.push(uiText('No suppliers meet this rule today.'));",
      'reasons.push(uiText(`${percent(share)} of the suppliers have no e-mail.`));',
      'reasons.push(`Not marked, so not collected.`);',
    ].join('\n');
    expect(serverMessagesIn(source)).toEqual([
      'No suppliers meet this rule today.',
      '{{0}} of the suppliers have no e-mail.',
    ]);
  });

  it("reads the contract's schema messages: options, checks and added issues", () => {
    const source = [
      "const title = z.string({ error: 'title is required' }).max(200, 'title has at most 200 characters');",
      'const days = z.number().int({ error: `days must be at most ${MAX_DAYS}` });',
      "ctx.addIssue({ code: 'custom', path: ['low'], message: 'Must be below medium.' });",
      "const code = z.string().regex(/^[A-Z]{3}$/, 'must be a 3-letter currency code');",
      "const prefix = z.string().startsWith('GB');",
      "const label = { title: 'Not a message' };",
    ].join('\n');
    expect(schemaMessagesIn(source)).toEqual([
      'title has at most 200 characters',
      'title is required',
      'days must be at most {{MAX_DAYS}}',
      'Must be below medium.',
      'must be a 3-letter currency code',
    ]);
  });

  it("reads the engine's and Companies House's error texts like AppError's", () => {
    const source = [
      'throw new EngineError(\'FILE_EMPTY\', `The file "${declaredName}" is empty.`);',
      "throw new CompaniesHouseError('bad-answer', 'Companies House answered something not JSON.');",
    ].join('\n');
    expect(serverMessagesIn(source)).toEqual([
      'The file "{{declaredName}}" is empty.',
      'Companies House answered something not JSON.',
    ]);
  });

  it("collects the shipped rulesets' factor, rule and cap descriptions, not the rulesets' own", () => {
    const descriptions = shippedRulesetDescriptions();
    expect(descriptions).toContain('Paid by cheque today');
    expect(descriptions).toContain('Name near-exact and postcode equal');
    expect(descriptions).toContain(
      'Another merchant entity is almost as likely (within 1 of the match weight): at most Low',
    );
    const own = SHIPPED_RULESETS.map((file) => (read(file) as { description: string }).description);
    for (const description of own) expect(descriptions).not.toContain(description);
    expect(extractKeys()).toEqual(expect.arrayContaining(descriptions));
  });

  it('finds words between tags and in labels, not translated calls or code', () => {
    const source = [
      '<Button>Save changes</Button>',
      '<TextField label="Buyer name" />',
      "<Button>{t('Cancel')}</Button>",
      '<Typography>',
      '  Nothing to show',
      '</Typography>',
      'const load = (): Promise<ComponentType> => import(x);',
    ].join('\n');
    expect(plainTextIn(source).sort()).toEqual(['Buyer name', 'Nothing to show', 'Save changes']);
  });
});
