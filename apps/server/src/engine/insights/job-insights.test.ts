import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyToParquet } from '../duckdb.js';
import { createEngineTestKit } from '../engine-test-kit.js';
import { scoreSuppliers } from '../scoring/score-suppliers.js';
import { defaultScoringRuleset } from '../scoring/scoring-ruleset.js';
import { computeJobInsights, type InsightBar } from './job-insights.js';

let kit: Awaited<ReturnType<typeof createEngineTestKit>>;
let suppliersPath: string;
let scoresPath: string;
const ruleset = defaultScoringRuleset();
const job = { id: '7d4b2c1e-0f3a-4b5c-8d9e-1a2b3c4d5e6f', name: 'Acme AP 2025' };

beforeAll(async () => {
  kit = await createEngineTestKit();
  suppliersPath = path.join(kit.dir, 'suppliers.parquet');
  const matchesPath = path.join(kit.dir, 'matches.parquet');
  scoresPath = path.join(kit.dir, 'scores.parquet');
  // key, country, own mcc, spend, POs, invoices, payments, frequency, methods, terms, actual, sic
  await copyToParquet(
    kit.db,
    `SELECT k AS supplier_key, k AS supplier_id, 'Supplier ' || k AS supplier_name, country, mcc,
       CAST(spend AS DECIMAL(18, 2)) AS spend, CAST(spend AS DECIMAL(18, 2)) AS annual_spend,
       CAST(pos AS INTEGER) AS po_count, CAST(inv AS INTEGER) AS invoice_count,
       CAST(pay AS INTEGER) AS payment_count, pay / 12 AS payments_per_month, freq AS payment_frequency,
       methods[1].method AS main_payment_method, methods AS payment_methods,
       terms AS payment_terms_days, actual AS actual_days_to_pay, actual - terms AS days_beyond_terms,
       sic, NULL::VARCHAR AS naics, NULL::VARCHAR AS unspsc
     FROM (VALUES
       ('stp', 'GBR', NULL, 250000, 10, 40, 48, 'Weekly or more',
         [{'method': 'ACH', 'count': 40, 'amount': 200000.0}, {'method': 'Cheque', 'count': 8, 'amount': 50000.0}], 30, 35, '7389'),
       ('cheque', 'gbr', '5111', 40000, 0, 12, 12, 'Monthly',
         [{'method': 'Cheque', 'count': 12, 'amount': 40000.0}], 60, 75, '5112'),
       ('hotel', 'FRA', NULL, 8000, 0, 3, 3, 'Quarterly',
         [{'method': 'Card', 'count': 3, 'amount': 8000.0}], 0, 0, NULL),
       ('vc', 'GBR', NULL, 1500000, 2, 6, 6, 'Less than quarterly',
         [{'method': 'Wire', 'count': 6, 'amount': 1500000.0}], 45, 50, NULL),
       ('dormant', 'GBR', NULL, 500, 0, 0, 1, 'One-off',
         [{'method': 'Cheque', 'count': 1, 'amount': 500.0}], NULL, NULL, NULL)
     ) t(k, country, mcc, spend, pos, inv, pay, freq, methods, terms, actual, sic)`,
    suppliersPath,
  );
  await copyToParquet(
    kit.db,
    `SELECT k AS supplier_key, status AS match_status, level AS confidence, mid AS merchant_id,
       card AS accepts_card, vc AS accepts_virtual_card, stp AS stp_enrolled, CAST(dl AS TINYINT) AS data_level,
       false AS via_processor, mcc AS merchant_mcc, CAST(last AS DATE) AS last_transaction_date
     FROM (VALUES
       ('stp', 'MATCHED', 'High', 'M1', true, true, true, 3, '7399', '2025-06-01'),
       ('cheque', 'UNMATCHED', 'None', NULL, NULL, NULL, NULL, NULL, NULL, NULL),
       ('hotel', 'MATCHED', 'Medium', 'M2', true, false, false, 1, '7011', '2025-06-20'),
       ('vc', 'MATCHED', 'High', 'M3', true, true, false, 2, '5111', '2025-05-01'),
       ('dormant', 'MATCHED', 'High', 'M4', true, false, false, 3, '5999', '2023-01-01')
     ) t(k, status, level, mid, card, vc, stp, dl, mcc, last)`,
    matchesPath,
  );
  await scoreSuppliers({
    db: kit.db,
    suppliersPath,
    matchesPath,
    ruleset,
    asOfDate: '2025-06-30',
    buyerCountryIso3: 'GBR',
    outPath: scoresPath,
  });
});
afterAll(() => kit.dispose());

async function insights(name: string, maxBarsPerChart?: number) {
  const outPath = path.join(kit.dir, name);
  const result = await computeJobInsights({
    db: kit.db,
    suppliersPath,
    scoresPath,
    job,
    spendBands: ruleset.spendBands.map((b) => b.label),
    outPath,
    maxBarsPerChart,
  });
  const bars = await kit.db.all<InsightBar>(`SELECT * FROM read_parquet('${outPath}')`);
  const of = (grouping: string, slicer = 'Overall', value = 'All', product = 'All') =>
    bars.filter(
      (b) =>
        b.grouping === grouping &&
        b.slicer === slicer &&
        b.slicer_value === value &&
        b.product === product,
    );
  return { result, bars, of };
}

describe('computeJobInsights', () => {
  it('totals the job for the summary tiles', async () => {
    const { of, result } = await insights('a.parquet');
    expect(of('Totals')).toEqual([
      expect.objectContaining({
        bucket: 'All',
        suppliers: 5,
        spend: 1_798_500,
        pos: 12,
        invoices: 61,
        payments: 70,
      }),
    ]);
    expect(of('Jobs')).toEqual([
      expect.objectContaining({ bucket: job.id, label: job.name, suppliers: 5 }),
    ]);
    expect(of('MatchConfidence').map((b) => [b.bucket, b.suppliers])).toEqual([
      ['High', 3],
      ['Medium', 1],
      ['None', 1],
    ]);
    expect(result.barCount).toBeGreaterThan(100);
  });

  it('slices by every slicer value, each slicer adding up to the whole', async () => {
    const { bars, of } = await insights('b.parquet');
    const totals = bars.filter((b) => b.grouping === 'Totals' && b.product === 'All');
    for (const slicer of ['Card Accepting', 'VC Accepting', 'Detail Level', 'STP Capable']) {
      const parts = totals.filter((b) => b.slicer === slicer);
      expect(parts.reduce((n, b) => n + b.suppliers, 0)).toBe(5);
      expect(parts.reduce((n, b) => n + b.spend, 0)).toBeCloseTo(1_798_500);
    }
    expect(of('Totals', 'Card Accepting', 'UNMATCHED')[0]).toMatchObject({
      suppliers: 1,
      spend: 40_000,
    });
    expect(of('Totals', 'Card Capability', 'STP')[0]).toMatchObject({ suppliers: 1 });
    // Countries are compared in upper case; the lower-case 'gbr' of the file counts as GBR.
    expect(of('Countries').map((b) => [b.bucket, b.suppliers])).toEqual([
      ['GBR', 4],
      ['FRA', 1],
    ]);
  });

  it('keeps ordered groupings in their natural order and names MCCs and SIC divisions', async () => {
    const { of } = await insights('c.parquet');
    expect(of('DocTransactionFrequencies').map((b) => b.bucket)).toEqual([
      'Weekly or more',
      'Monthly',
      'Quarterly',
      'Less than quarterly',
      'One-off',
    ]);
    expect(of('Bands').map((b) => b.bucket)).toEqual([
      '< 1k',
      '1k–10k',
      '10k–100k',
      '100k–1M',
      '≥ 1M',
    ]);
    expect(of('InvoicePaymentTerms').map((b) => [b.bucket, b.avg_days_to_pay])).toEqual([
      ['Immediate', 0],
      ['1–30 days', 35],
      ['31–45 days', 50],
      ['46–60 days', 75],
      ['Unclassified', null],
    ]);
    expect(of('PaymentMethodCount').map((b) => [b.bucket, b.suppliers])).toEqual([
      ['1', 4],
      ['2', 1],
    ]);
    const mcc = of('IndustriesMccDescription');
    expect(mcc.find((b) => b.bucket === '7011')?.label).toMatch(/hotel|lodging/i);
    expect(
      of('IndustriesMccType').find((b) => b.bucket === 'Travel and entertainment'),
    ).toMatchObject({
      suppliers: 1,
    });
    expect(of('IndustriesSicDivision').map((b) => [b.bucket, b.suppliers])).toEqual(
      expect.arrayContaining([
        ['I: Services', 1],
        ['F: Wholesale Trade', 1],
        ['Unclassified', 3],
      ]),
    );
  });

  it('says which charts the data cannot fill instead of drawing zeros', async () => {
    const { result } = await insights('d.parquet');
    expect(result.unavailable).toEqual({
      IndustriesNaics: "This job's data has no NAICS codes.",
      IndustriesUnspsc: "This job's data has no UNSPSC codes.",
    });
  });

  it('counts match status apart from card acceptance, which is split among matched suppliers', async () => {
    const { of } = await insights('g.parquet');
    expect(of('MatchStatus').map((b) => [b.bucket, b.suppliers, b.spend])).toEqual([
      ['MATCHED', 4, 1_758_500],
      ['UNMATCHED', 1, 40_000],
    ]);
    expect(of('CardAcceptance').map((b) => [b.bucket, b.suppliers])).toEqual([
      ['YES', 4],
      ['Unclassified', 1],
    ]);
  });

  it('marks every chart without source data unavailable: methods, method count, terms, MCC, documents', async () => {
    const bare = path.join(kit.dir, 'bare-suppliers.parquet');
    const bareMatches = path.join(kit.dir, 'bare-matches.parquet');
    const bareScores = path.join(kit.dir, 'bare-scores.parquet');
    // Documents without a payment method aggregate to one 'Unknown' method per supplier.
    await copyToParquet(
      kit.db,
      `SELECT k AS supplier_key, k AS supplier_id, 'Supplier ' || k AS supplier_name, 'GBR' AS country,
         NULL::VARCHAR AS mcc, CAST(100 AS DECIMAL(18, 2)) AS spend, CAST(100 AS DECIMAL(18, 2)) AS annual_spend,
         0 AS po_count, 0 AS invoice_count, 0 AS payment_count, 0.0 AS payments_per_month,
         NULL::VARCHAR AS payment_frequency, 'Unknown' AS main_payment_method,
         [{'method': 'Unknown', 'count': 1, 'amount': 100.0}] AS payment_methods,
         NULL::INTEGER AS payment_terms_days, NULL::INTEGER AS actual_days_to_pay,
         NULL::INTEGER AS days_beyond_terms, NULL::VARCHAR AS sic, NULL::VARCHAR AS naics,
         NULL::VARCHAR AS unspsc
       FROM (VALUES ('a'), ('b'), ('c')) t(k)`,
      bare,
    );
    await copyToParquet(
      kit.db,
      `SELECT k AS supplier_key, status AS match_status, level AS confidence,
         mid AS merchant_id, card AS accepts_card, NULL::BOOLEAN AS accepts_virtual_card,
         NULL::BOOLEAN AS stp_enrolled, NULL::TINYINT AS data_level, false AS via_processor,
         NULL::VARCHAR AS merchant_mcc, NULL::DATE AS last_transaction_date
       FROM (VALUES ('a', 'UNMATCHED', 'None', NULL, NULL),
         ('b', 'MATCHED', 'High', 'M1', false), ('c', 'MATCHED', 'Medium', 'M2', NULL)
       ) t(k, status, level, mid, card)`,
      bareMatches,
    );
    await scoreSuppliers({
      db: kit.db,
      suppliersPath: bare,
      matchesPath: bareMatches,
      ruleset,
      asOfDate: '2025-06-30',
      outPath: bareScores,
    });
    const outPath = path.join(kit.dir, 'bare-insights.parquet');
    const result = await computeJobInsights({
      db: kit.db,
      suppliersPath: bare,
      scoresPath: bareScores,
      job,
      spendBands: ruleset.spendBands.map((b) => b.label),
      outPath,
    });
    const overall = (grouping: string) =>
      kit.db.all<{ bucket: string; suppliers: number }>(
        `SELECT bucket, suppliers FROM read_parquet('${outPath}') WHERE grouping = '${grouping}'
           AND slicer = 'Overall' AND product = 'All' ORDER BY sort_key NULLS LAST`,
      );
    // A merchant that does not accept cards, or whose acceptance is unknown, is still a match.
    expect(await overall('MatchStatus')).toEqual([
      { bucket: 'MATCHED', suppliers: 2 },
      { bucket: 'UNMATCHED', suppliers: 1 },
    ]);
    expect(await overall('CardAcceptance')).toEqual([
      { bucket: 'NO', suppliers: 1 },
      { bucket: 'UNKNOWN', suppliers: 1 },
      { bucket: 'Unclassified', suppliers: 1 },
    ]);
    const mcc =
      "This job's data has no MCC codes: no matched merchant has one and the file gives none.";
    expect(result.unavailable).toEqual({
      DocTransactionFrequencies: "This job's data has no payment counts or dates.",
      PaymentMethods: "This job's data has no payment methods.",
      PaymentMethodCount: "This job's data has no payment documents with methods.",
      InvoicePaymentTerms: "This job's data has no invoice payment terms.",
      IndustriesMccDescription: mcc,
      IndustriesMccGroup: mcc,
      IndustriesMccType: mcc,
      IndustriesSicDivision: "This job's data has no SIC codes.",
      IndustriesSicMajorGroup: "This job's data has no SIC codes.",
      IndustriesSicIndustryGroup: "This job's data has no SIC codes.",
      IndustriesSicIndustry: "This job's data has no SIC codes.",
      IndustriesNaics: "This job's data has no NAICS codes.",
      IndustriesUnspsc: "This job's data has no UNSPSC codes.",
      Documents: "This job's data has no PO, invoice or payment counts.",
      DocumentsAverage: "This job's data has no PO, invoice or payment counts.",
    });
  });

  it('counts a supplier towards a product only where it scores Medium or High for it', async () => {
    const { bars } = await insights('e.parquet');
    const scores = await kit.db.all<Record<string, string>>(
      `SELECT supplier_key, stp_level FROM read_parquet('${scoresPath}')`,
    );
    const stpApplies = scores.filter((s) => ['High', 'Medium'].includes(s.stp_level!)).length;
    const stp = bars.find(
      (b) => b.grouping === 'Totals' && b.slicer === 'Overall' && b.product === 'Stp',
    );
    if (stpApplies === 0) expect(stp).toBeUndefined();
    else expect(stp?.suppliers).toBe(stpApplies);
  });

  it('caps every chart at the longest allowed', async () => {
    const { bars } = await insights('f.parquet', 2);
    const sizes = new Map<string, number>();
    for (const b of bars) {
      const key = [b.grouping, b.slicer, b.slicer_value, b.product].join('|');
      sizes.set(key, (sizes.get(key) ?? 0) + 1);
    }
    expect(Math.max(...sizes.values())).toBe(2);
  });
});
