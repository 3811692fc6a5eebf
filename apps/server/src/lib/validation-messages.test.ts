import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useProductValidationMessages } from './validation-messages.js';

beforeAll(() => useProductValidationMessages());

/** The first message a schema gives for a value. */
function messageOf(schema: z.ZodType, value: unknown): string | undefined {
  const parsed = schema.safeParse(value);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

describe('validation messages', () => {
  it.each([
    ['a missing value', z.object({ name: z.string() }), {}, 'is required'],
    ['a wrong type', z.number(), 'ten', 'must be a number'],
    ['a list expected', z.array(z.string()), 'a', 'must be a list'],
    ['a blank text', z.string().min(1), '', 'must not be blank'],
    ['a short text', z.string().min(3), 'ab', 'must be at least 3 characters long'],
    ['a long text', z.string().max(5), 'abcdef', 'must be at most 5 characters long'],
    ['an exact length', z.string().length(3), 'abcd', 'must be exactly 3 characters long'],
    ['an empty list', z.array(z.string()).min(1), [], 'must not be empty'],
    ['a long list', z.array(z.string()).max(1), ['a', 'b'], 'must have at most 1 items'],
    ['a number too big', z.number().max(100), 101, 'must be at most 100'],
    ['a number not below', z.number().lt(100), 100, 'must be less than 100'],
    ['a number too small', z.number().min(0), -1, 'must be at least 0'],
    ['a number not above', z.number().gt(0), 0, 'must be greater than 0'],
    ['one of several', z.enum(['High', 'Low']), 'Mid', 'must be one of High, Low'],
    ['a literal', z.literal('yes'), 'no', 'must be yes'],
    ['an email', z.email(), 'nobody', 'must be an email address'],
    ['a UUID', z.uuid(), '123', 'must be a UUID'],
    ['a date', z.iso.date(), '2026-13-45', 'must be a date (YYYY-MM-DD)'],
    ['a pattern', z.string().regex(/^\d+$/), 'abc', 'is not in the expected format'],
    ['a prefix', z.string().startsWith('GB'), 'FR1', 'must start with "GB"'],
    ['a multiple', z.number().multipleOf(5), 7, 'must be a multiple of 5'],
    [
      'unknown fields',
      z.strictObject({ a: z.string() }),
      { a: 'x', b: 1, c: 2 },
      'has unknown fields: b, c',
    ],
  ])('says %s in the product’s words', (_what, schema, value, message) => {
    expect(messageOf(schema, value)).toBe(message);
  });

  it('leaves a schema’s own message as it is', () => {
    expect(messageOf(z.string().min(1, 'enter a subject'), '')).toBe('enter a subject');
  });
});
