import { describe, expect, it } from 'vitest';
import { createCellAnonymizer, REDACTED, suggestTreatment } from './csv-anonymizer.js';

describe('createCellAnonymizer', () => {
  it('keeps every amount within ±10 %, with its sign and two decimals', () => {
    const anonymize = createCellAnonymizer('key');
    for (let i = 1; i <= 2000; i++) {
      const amount = ((i * 7919) % 100_000) / 100 + 0.01;
      for (const value of [amount, -amount]) {
        const out = anonymize('amount', value.toFixed(2));
        expect(out).toMatch(/^-?\d+\.\d{2}$/);
        expect(Math.sign(Number(out))).toBe(Math.sign(value));
        // Rounding to cents may add half a cent beyond the factor.
        expect(Math.abs(Number(out))).toBeGreaterThanOrEqual(Math.abs(value) * 0.9 - 0.005);
        expect(Math.abs(Number(out))).toBeLessThanOrEqual(Math.abs(value) * 1.1 + 0.005);
      }
    }
  });

  it('redacts an amount that is not a number and leaves blanks blank', () => {
    const anonymize = createCellAnonymizer('key');
    expect(anonymize('amount', 'n/a')).toBe(REDACTED);
    expect(anonymize('amount', '')).toBe('');
    expect(anonymize('name', '  ')).toBe('  ');
    expect(anonymize('text', 'secret note')).toBe(REDACTED);
    expect(anonymize('keep', 'as is')).toBe('as is');
  });

  it('gives the same pseudonym under the same key and another under another key', () => {
    const a = createCellAnonymizer('one');
    const b = createCellAnonymizer('one');
    const c = createCellAnonymizer('two');
    expect(b('name', 'ACME Ltd')).toBe(a('name', 'ACME Ltd'));
    expect(a('name', ' acme  LTD ')).toBe(a('name', 'ACME Ltd'));
    expect(c('name', 'ACME Ltd')).not.toBe(a('name', 'ACME Ltd'));
    expect(a('email', 'ap@acme.co.uk')).toMatch(/^[a-z]+\.[a-z]+\.\d{6}@example\.com$/);
    expect(a('amount', '100')).toBe(a('amount', '100.00'));
  });
});

describe('suggestTreatment', () => {
  it('reads the column name', () => {
    expect(suggestTreatment('Supplier Name')).toBe('name');
    expect(suggestTreatment('vendor')).toBe('name');
    expect(suggestTreatment('E-mail address')).toBe('email');
    expect(suggestTreatment('Spend (GBP)')).toBe('amount');
    expect(suggestTreatment('Invoice Value')).toBe('amount');
    expect(suggestTreatment('Line description')).toBe('text');
    expect(suggestTreatment('Invoice Date')).toBe('keep');
  });
});
