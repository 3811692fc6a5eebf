import type { JobSummary } from '@b2b/contract';
import { describe, expect, it } from 'vitest';
import { templateNarrative } from './summary-narrative.js';

const summary = {
  jobId: '00000000-0000-4000-8000-000000000001',
  currency: 'GBP',
  computedAt: '2026-11-28T09:00:00.000Z',
  tiles: {
    jobCount: 1,
    suppliers: 1200,
    organizations: 1,
    spend: 2_500_000.456,
    pos: 0,
    invoices: 0,
    payments: 0,
  },
  spendByProduct: [
    { product: 'VirtualCard', name: 'Virtual Card', suppliers: 300, spend: 900_000 },
    { product: 'PurchasingCard', name: 'Purchasing Card', suppliers: 500, spend: 1_100_000 },
    { product: 'TravelCard', name: 'Travel Card', suppliers: 0, spend: 0 },
  ],
  matchOutcome: [
    { status: 'MATCHED', suppliers: 700, spend: 1_750_000 },
    { status: 'UNMATCHED', suppliers: 500, spend: 750_000 },
  ],
  confidence: [],
  cardAcceptance: {
    spendPercent: 50,
    supplierPercent: 40,
    matched: [{ acceptsCard: 'YES', suppliers: 480, spend: 1_250_000 }],
  },
  unavailableCharts: [{ chart: 'PaymentMethodCount', reason: 'The file has no payment methods.' }],
} as unknown as JobSummary;

describe('the offline narrative template', () => {
  it('says the same figures as the tiles, in the job’s currency to the penny', () => {
    expect(templateNarrative(summary)).toBe(
      'The analysis covers 1,200 suppliers with £2,500,000.46 of spend. ' +
        '700 suppliers (70.0 % of spend) were matched to card-acceptance reference data, and 480 of them accept cards: 50.0 % of all spend goes to suppliers that already take cards. ' +
        'The largest card product opportunities are Purchasing Card (£1,100,000.00 across 500 suppliers) and Virtual Card (£900,000.00 across 300 suppliers). ' +
        'The data does not allow one chart: The file has no payment methods.',
    );
  });

  it('does not divide by zero on an empty job', () => {
    const empty = {
      ...summary,
      tiles: { ...summary.tiles, suppliers: 0, spend: 0 },
      spendByProduct: [],
      matchOutcome: [],
      cardAcceptance: { ...summary.cardAcceptance, matched: [] },
      unavailableCharts: [],
    } as JobSummary;
    expect(templateNarrative(empty)).toBe(
      'The analysis covers 0 suppliers with £0.00 of spend. 0 suppliers (0 % of spend) were matched to card-acceptance reference data, and 0 of them accept cards: 0 % of all spend goes to suppliers that already take cards.',
    );
  });
});
