import { describe, expect, it } from 'vitest';
import { buildSummary, type SummaryBars } from './insight-summary.js';
import { toChartBars } from './insights.service.js';

const bars: SummaryBars = {
  total: { suppliers: 3, spend: 1000.4567, pos: 3, invoices: 7, payments: 0 },
  jobCount: 1,
  organizations: 1,
  perProduct: [{ product: 'Stp', suppliers: 1, spend: 250.5555 }],
  matchStatus: [
    { bucket: 'MATCHED', suppliers: 2, spend: 800.4444 },
    { bucket: 'UNMATCHED', suppliers: 1, spend: 200.0123 },
  ],
  cardAcceptance: [
    { bucket: 'YES', suppliers: 1, spend: 500.2225 },
    { bucket: 'NO', suppliers: 1, spend: 300.2219 },
    { bucket: 'Unclassified', suppliers: 1, spend: 200.0123 },
  ],
  confidence: [{ bucket: 'High', suppliers: 2, spend: 800.4444 }],
};

describe('the summary answer', () => {
  it('rounds every amount to two decimals for pounds', () => {
    const summary = buildSummary(bars, 'GBP');
    expect(summary.tiles.spend).toBe(1000.46);
    expect(summary.tiles.averages).toEqual({ APOV: 333.49, AIV: 142.92, APV: null });
    expect(summary.spendByProduct.find((p) => p.product === 'Stp')?.spend).toBe(250.56);
    expect(summary.matchOutcome).toEqual([
      { status: 'MATCHED', suppliers: 2, spend: 800.44 },
      { status: 'UNMATCHED', suppliers: 1, spend: 200.01 },
    ]);
    expect(summary.confidence.find((c) => c.level === 'High')).toEqual({
      level: 'High',
      suppliers: 2,
      spend: 800.44,
    });
    expect(summary.cardAcceptance).toEqual({
      spendPercent: 50,
      supplierPercent: 33.3,
      matched: [
        { acceptsCard: 'YES', suppliers: 1, spend: 500.22 },
        { acceptsCard: 'NO', suppliers: 1, spend: 300.22 },
        { acceptsCard: 'UNKNOWN', suppliers: 0, spend: 0 },
      ],
    });
  });

  it('rounds to whole yen and to thousandths of a Kuwaiti dinar', () => {
    const yen = buildSummary(bars, 'JPY');
    expect(yen.tiles.spend).toBe(1000);
    expect(yen.tiles.averages.APOV).toBe(333);
    expect(yen.matchOutcome.map((m) => m.spend)).toEqual([800, 200]);
    const dinar = buildSummary(bars, 'KWD');
    expect(dinar.tiles.spend).toBe(1000.457);
    expect(dinar.tiles.averages.AIV).toBe(142.922);
    expect(dinar.cardAcceptance.matched[0]!.spend).toBe(500.223);
  });
});

describe('chart bars', () => {
  const row = {
    bucket: 'GBR',
    label: 'GBR',
    suppliers: 3,
    spend: 1234.5678,
    pos: 0,
    invoices: 4,
    payments: 0,
    avgTermsDays: null,
    avgDaysToPay: null,
  };

  it('answer spend and money averages in the minor unit of the currency', () => {
    expect(toChartBars([row], 'spend', 'GBP')[0]).toMatchObject({ value: 1234.57, spend: 1234.57 });
    expect(toChartBars([row], 'averageSpend', 'GBP')[0]!.value).toBe(411.52);
    expect(toChartBars([row], 'averageDocumentValue', 'JPY')[0]).toMatchObject({
      value: 309,
      spend: 1235,
    });
    expect(toChartBars([row], 'spend', 'KWD')[0]!.value).toBe(1234.568);
    expect(toChartBars([row], 'suppliers', 'JPY')[0]!.value).toBe(3);
  });
});
