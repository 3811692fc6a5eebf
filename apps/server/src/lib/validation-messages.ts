import { z } from 'zod';
import { uiText } from './ui-text.js';

type Issue = z.core.$ZodRawIssue;

/** What a value must be, by zod's type name: said as a user would say it. */
const EXPECTED: Record<string, string> = {
  string: uiText('text'),
  number: uiText('a number'),
  int: uiText('a whole number'),
  bigint: uiText('a whole number'),
  boolean: uiText('true or false'),
  array: uiText('a list'),
  set: uiText('a list'),
  object: uiText('an object'),
  record: uiText('an object'),
  map: uiText('an object'),
  date: uiText('a date'),
  null: uiText('empty'),
};

/** What a text must look like, by zod's format name. */
const FORMATS: Record<string, string> = {
  email: uiText('an email address'),
  url: uiText('a URL'),
  uuid: uiText('a UUID'),
  uuidv4: uiText('a UUID'),
  uuidv6: uiText('a UUID'),
  guid: uiText('a UUID'),
  datetime: uiText('a date and time (ISO 8601)'),
  date: uiText('a date (YYYY-MM-DD)'),
  time: uiText('a time (HH:MM)'),
  duration: uiText('a duration (ISO 8601)'),
  ipv4: uiText('an IPv4 address'),
  ipv6: uiText('an IPv6 address'),
  base64: uiText('base64 text'),
  jwt: uiText('a JSON Web Token'),
};

const listed = (values: readonly unknown[]) =>
  values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ');

function tooBig(issue: Extract<Issue, { code: 'too_big' }>): string {
  const maximum = String(issue.maximum);
  if (issue.origin === 'string') {
    return issue.exact
      ? uiText(`must be exactly ${maximum} characters long`)
      : uiText(`must be at most ${maximum} characters long`);
  }
  if (issue.origin === 'array' || issue.origin === 'set') {
    return issue.exact
      ? uiText(`must have exactly ${maximum} items`)
      : uiText(`must have at most ${maximum} items`);
  }
  if (issue.origin === 'file') return uiText(`must be at most ${maximum} bytes`);
  return issue.inclusive === false
    ? uiText(`must be less than ${maximum}`)
    : uiText(`must be at most ${maximum}`);
}

function tooSmall(issue: Extract<Issue, { code: 'too_small' }>): string {
  const minimum = String(issue.minimum);
  if (issue.origin === 'string') {
    if (issue.exact) return uiText(`must be exactly ${minimum} characters long`);
    return minimum === '1'
      ? uiText('must not be blank')
      : uiText(`must be at least ${minimum} characters long`);
  }
  if (issue.origin === 'array' || issue.origin === 'set') {
    if (issue.exact) return uiText(`must have exactly ${minimum} items`);
    return minimum === '1'
      ? uiText('must not be empty')
      : uiText(`must have at least ${minimum} items`);
  }
  return issue.inclusive === false
    ? uiText(`must be greater than ${minimum}`)
    : uiText(`must be at least ${minimum}`);
}

function invalidFormat(issue: Extract<Issue, { code: 'invalid_format' }>): string {
  if (issue.format === 'starts_with' && 'prefix' in issue) {
    const prefix = String(issue.prefix);
    return uiText(`must start with "${prefix}"`);
  }
  if (issue.format === 'ends_with' && 'suffix' in issue) {
    const suffix = String(issue.suffix);
    return uiText(`must end with "${suffix}"`);
  }
  if (issue.format === 'includes' && 'includes' in issue) {
    const part = String(issue.includes);
    return uiText(`must contain "${part}"`);
  }
  const expected = FORMATS[issue.format];
  return expected ? uiText(`must be ${expected}`) : uiText('is not in the expected format');
}

/**
 * The message of a validation issue a schema gives no message of its own, in the product's
 * wording rather than zod's ("must not be blank", not "Too small: expected string to have >=1
 * characters"). Each is a catalogue key (uiText), so the web says it in the user's language
 * inside "Invalid {{field}}: {{message}}" (docs/architecture.md, "Translations").
 */
export function validationMessage(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return uiText('is required');
      const expected = EXPECTED[issue.expected] ?? issue.expected;
      return uiText(`must be ${expected}`);
    }
    case 'invalid_value': {
      const expected = listed(issue.values);
      return issue.values.length === 1
        ? uiText(`must be ${expected}`)
        : uiText(`must be one of ${expected}`);
    }
    case 'too_big':
      return tooBig(issue);
    case 'too_small':
      return tooSmall(issue);
    case 'invalid_format':
      return invalidFormat(issue);
    case 'not_multiple_of': {
      const divisor = String(issue.divisor);
      return uiText(`must be a multiple of ${divisor}`);
    }
    case 'unrecognized_keys': {
      const keys = listed(issue.keys);
      return uiText(`has unknown fields: ${keys}`);
    }
    default:
      return uiText('is invalid');
  }
}

/**
 * Installs `validationMessage` as zod's wording for the whole server (zod's locale, so a schema's
 * own message still wins). Called once before the first schema is parsed.
 */
export function useProductValidationMessages(): void {
  z.config({ localeError: validationMessage });
}
