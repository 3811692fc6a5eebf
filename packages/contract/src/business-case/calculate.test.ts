import { describe, expect, it } from 'vitest';
import { calculateBusinessCase } from './calculate.js';
import {
  BusinessCaseInputsSchema,
  SHIPPED_ASSUMPTIONS,
  type BusinessCaseInputs,
  type SpendCell,
} from './schemas.js';

const cells: SpendCell[] = [
  { product: 'Vcard', level: 'High', method: 'Cheque', suppliers: 2, spend: 100000, payments: 120 },
  { product: 'Vcard', level: 'Medium', method: 'ACH', suppliers: 1, spend: 50000, payments: 24 },
  // Already on card: never moves.
  { product: 'Vcard', level: 'High', method: 'Card', suppliers: 1, spend: 40000, payments: 12 },
  // Low: left out when only High and Medium are chosen.
  { product: 'Stp', level: 'Low', method: 'Wire', suppliers: 1, spend: 20000, payments: 10 },
  { product: 'Pcard', level: 'Medium', method: 'Other', suppliers: 1, spend: 10000, payments: 5 },
];

function inputs(change: (i: BusinessCaseInputs) => void = () => {}): BusinessCaseInputs {
  const i: BusinessCaseInputs = structuredClone({
    years: 2,
    source: { kind: 'scoreLevel', levels: ['High', 'Medium'] },
    assumptions: {
      ...SHIPPED_ASSUMPTIONS,
      adoptionPct: [40, 60, 80],
      costPerPayment: { Cheque: 20, ACH: 2, Wire: 15, Card: 0.5 },
      billingCycleDays: 30,
      gracePeriodDays: 25,
      costOfFundsPct: 5,
    },
  });
  i.assumptions.products.Vcard = { included: true, interchangePct: 2, rebatePct: 1.5 };
  i.assumptions.products.Pcard = { included: true, interchangePct: 1.5, rebatePct: 1 };
  change(i);
  return i;
}

describe('calculateBusinessCase', () => {
  it('computes a product year by year with hand-checked figures', () => {
    const r = calculateBusinessCase(inputs(), cells, 'GBP');
    const vcard = r.products.find((p) => p.product === 'Vcard')!;
    expect(vcard.movableSpend).toBe(150000);
    expect(vcard.suppliers).toBe(3);
    // Year 1 at 40 %: 60,000 on card; 2 % interchange, 1.5 % rebate; 0.4 × (120 × 19.5 + 24 × 1.5)
    // process savings; 60,000 × (30 / 2 + 25) / 365 × 5 % working capital.
    expect(vcard.years[0]).toEqual({
      year: 1,
      adoption: 40,
      spendOnCard: 60000,
      interchange: 1200,
      buyerRebate: 900,
      issuerRevenue: 300,
      processSavings: 950.4,
      workingCapital: 328.77,
      netValue: 2179.17,
    });
    expect(vcard.years[1]).toMatchObject({
      spendOnCard: 90000,
      processSavings: 1425.6,
      workingCapital: 493.15,
      netValue: 3268.75,
    });
    expect(vcard.total).toMatchObject({
      spendOnCard: 150000,
      buyerRebate: 2250,
      netValue: 5447.92,
    });
  });

  it('adds the included products into the total, rounding only the sums', () => {
    const r = calculateBusinessCase(inputs(), cells, 'GBP');
    expect(r.total.movableSpend).toBe(160000);
    expect(r.total.suppliers).toBe(4);
    expect(r.total.years.map((y) => y.netValue)).toEqual([2241.08, 3361.63]);
    expect(r.total.total.netValue).toBe(5602.71);
    expect(r.products.find((p) => p.product === 'Stp')!.total.netValue).toBe(0);
  });

  it('leaves an excluded product out of the total', () => {
    const r = calculateBusinessCase(
      inputs((i) => (i.assumptions.products.Pcard.included = false)),
      cells,
      'GBP',
    );
    expect(r.total.years[0]!.netValue).toBe(2179.17);
    expect(r.products.find((p) => p.product === 'Pcard')!.years[0]!.spendOnCard).toBe(0);
  });

  it('counts every level for a use case or chosen suppliers', () => {
    const r = calculateBusinessCase(
      inputs((i) => (i.source = { kind: 'suppliers', supplierKeys: ['a'] })),
      cells,
      'GBP',
    );
    const stp = r.products.find((p) => p.product === 'Stp')!;
    expect(stp.movableSpend).toBe(20000);
    // 10 wire payments × 40 % × (15 − 0.5).
    expect(stp.years[0]!.processSavings).toBe(58);
  });

  it('explains each output with its actual numbers', () => {
    const r = calculateBusinessCase(inputs(), cells, 'GBP');
    const e = r.products.find((p) => p.product === 'Vcard')!.explain.years[0]!;
    expect(e.spendOnCard).toBe('£150,000.00 × 40 % adoption = £60,000.00');
    expect(e.workingCapital).toContain('(30 / 2 + 25) days / 365 × 5 % cost of funds = £328.77');
    expect(e.netValue).toBe(
      '£900.00 rebate + £950.40 process savings + £328.77 working capital = £2,179.17',
    );
  });

  it('rounds money to the currency’s minor unit', () => {
    const r = calculateBusinessCase(inputs(), cells, 'JPY');
    expect(r.products.find((p) => p.product === 'Vcard')!.years[0]!.workingCapital).toBe(329);
  });

  it('refuses inputs out of bounds, naming the field', () => {
    const bad = inputs((i) => {
      i.years = 4;
      i.assumptions.adoptionPct[1] = 120;
      i.assumptions.products.Vcard.rebatePct = 3;
    });
    const result = BusinessCaseInputsSchema.safeParse(bad);
    expect(result.success).toBe(false);
    const issues = result.error!.issues.map((x) => `${x.path.join('.')}: ${x.message}`);
    expect(issues).toContain('years: Years must be 1, 2 or 3');
    expect(issues).toContain(
      'assumptions.adoptionPct.1: Adoption in year 2 must be between 0 and 100 %',
    );
    expect(issues).toContain(
      'assumptions.products.Vcard.rebatePct: Rebate rate cannot exceed the interchange rate it is paid from',
    );
  });
});
