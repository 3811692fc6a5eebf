import { describe, expect, it } from 'vitest';
import { isComparisonOperator, matchesComparison } from './comparison';

describe('matchesComparison', () => {
  it.each([
    ['Acme Ltd', 'Contains', 'ME L', true],
    ['Acme Ltd', 'Contains', 'corp', false],
    ['Acme Ltd', 'StartsWith', 'acme', true],
    ['Acme Ltd', 'StartsWith', 'Ltd', false],
    ['Acme Ltd', 'EndsWith', 'LTD', true],
    ['Acme Ltd', 'Equal', 'Acme Ltd', true],
    ['Acme Ltd', 'Equal', 'acme ltd', false],
    ['Acme Ltd', 'NotEqual', 'Other', true],
    [10, 'Equal', 10, true],
    [10, 'NotEqual', 10, false],
    [10, 'GreaterThan', 9, true],
    [10, 'GreaterThan', 10, false],
    [10, 'GreaterThanOrEqual', 10, true],
    [10, 'LessThan', 11, true],
    [10, 'LessThanOrEqual', 9, false],
    [9, 'LessThan', '10', true],
    [null, 'Equal', null, true],
    ['x', 'Equal', null, false],
    ['x', 'NotEqual', null, true],
    [null, 'Contains', 'x', false],
    [undefined, 'NotEqual', 'x', true],
  ] as const)('%o %s %o is %s', (cell, operator, value, expected) => {
    expect(matchesComparison(cell, operator, value)).toBe(expected);
  });

  it('knows the nine operators and nothing else', () => {
    expect(isComparisonOperator('StartsWith')).toBe(true);
    expect(isComparisonOperator('startsWith')).toBe(false);
  });
});
