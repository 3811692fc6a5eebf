import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlString } from '../duckdb.js';
import { createEngineTestKit } from '../engine-test-kit.js';
import { installParseMacros } from './parse-macros.js';

let kit: Awaited<ReturnType<typeof createEngineTestKit>>;
beforeAll(async () => {
  kit = await createEngineTestKit();
  await installParseMacros(kit.db);
});
afterAll(() => kit.dispose());

async function value(sql: string): Promise<unknown> {
  return (await kit.db.one<{ v: unknown }>(`SELECT ${sql} AS v`))?.v;
}
const amount = (raw: string, sep = 'auto') =>
  value(`CAST(b2b_parse_amount(${sqlString(raw)}, ${sqlString(sep)}) AS DOUBLE)`);
const date = (raw: string, dayFirst = true) =>
  value(`CAST(b2b_parse_date(${sqlString(raw)}, ${dayFirst}) AS VARCHAR)`);

describe('amounts', () => {
  it.each([
    ['1234.5', 1234.5],
    ['£1,234.56', 1234.56],
    ['$ 12,345', 12345],
    ['€1.234,50', 1234.5],
    ['1 234,50 €', 1234.5],
    ["1'234.50", 1234.5],
    ['(12.00)', -12],
    ['-£3.10', -3.1],
    ['£-3.10', -3.1],
    ['5-', -5],
    ['7.25 CR', -7.25],
    ['GBP 99', 99],
    ['  42  ', 42],
    ['1.234.567', 1234567],
    ['12,5', 12.5],
  ])('%j → %d', async (raw, expected) => {
    expect(await amount(raw)).toBeCloseTo(expected, 2);
  });

  it('reads "1,234" as a thousand unless the file uses decimal commas', async () => {
    expect(await amount('1,234')).toBe(1234);
    expect(await amount('1,234', ',')).toBeCloseTo(1.23, 2);
    expect(await amount('1.234', ',')).toBe(1234);
  });

  it.each(['abc', '12abc', 'n/a', '1-2-3'])('refuses %j', async (raw) => {
    expect(await amount(raw)).toBeNull();
  });

  it('leaves blanks empty', async () => {
    expect(await amount('  ')).toBeNull();
  });

  it('takes the currency from the amount when it names one', async () => {
    expect(await value(`b2b_amount_currency('£12')`)).toBe('GBP');
    expect(await value(`b2b_amount_currency('12 EUR')`)).toBe('EUR');
    expect(await value(`b2b_amount_currency('12')`)).toBeNull();
  });
});

describe('dates', () => {
  it.each([
    ['2024-03-04', '2024-03-04'],
    ['2024-03-04T10:15:00Z', '2024-03-04'],
    ['04/03/2024', '2024-03-04'],
    ['4/3/2024', '2024-03-04'],
    ['04.03.24', '2024-03-04'],
    ['04-03-2024 10:30', '2024-03-04'],
    ['20240304', '2024-03-04'],
    ['2024/03/04', '2024-03-04'],
    ['4 Mar 2024', '2024-03-04'],
    ['04-Mar-2024', '2024-03-04'],
    ['4th March 2024', '2024-03-04'],
    ['March 4, 2024', '2024-03-04'],
    ['45355', '2024-03-04'],
  ])('%j → %s (day first)', async (raw, expected) => {
    expect(await date(raw)).toBe(expected);
  });

  it('reads month first when told to', async () => {
    expect(await date('03/04/2024', false)).toBe('2024-03-04');
  });

  it.each(['2024-02-30', '31/31/2024', 'soon', '01/01/1890'])('refuses %j', async (raw) => {
    expect(await date(raw)).toBeNull();
  });
});

describe('text fields', () => {
  it.each([
    ['REDACTED PERSONAL DATA', true],
    ['[Redacted]', true],
    ['Personal data removed', true],
    ['XXXXXX', true],
    ['****', true],
    ['n/a', true],
    ['Confidential Shredding Ltd', false],
    ['Acme Ltd', false],
  ])('redacted %j → %s', async (raw, expected) => {
    expect(await value(`b2b_is_redacted(${sqlString(raw)})`)).toBe(expected);
  });

  it.each([
    ['BACS', 'ACH'],
    ['Faster Payment', 'ACH'],
    ['CHQ', 'Cheque'],
    ['Check', 'Cheque'],
    ['Visa credit card', 'Card'],
    ['TT', 'Wire'],
    ['SWIFT wire', 'Wire'],
    ['Direct Debit', 'DirectDebit'],
    ['Petty cash', 'Cash'],
    ['Barter', 'Other'],
    ['', 'Unknown'],
  ])('payment method %j → %s', async (raw, expected) => {
    expect(await value(`b2b_payment_method(${sqlString(raw)})`)).toBe(expected);
  });

  it.each([
    ['Net 30', 30],
    ['30 days', 30],
    ['2/10 Net 45', 45],
    ['N60', 60],
    ['Immediate', 0],
    ['Due on receipt', 0],
    ['EOM', 30],
    ['whenever', null],
  ])('terms %j → %s', async (raw, expected) => {
    expect(await value(`b2b_terms_days(${sqlString(raw)})`)).toBe(expected);
  });
});
