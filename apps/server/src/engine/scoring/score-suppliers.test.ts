import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_PRODUCTS, type ScoringRuleset } from '@b2b/contract';
import { copyToParquet } from '../duckdb.js';
import { createEngineTestKit } from '../engine-test-kit.js';
import { explainScores } from './explain-scores.js';
import { PRODUCT_COLUMNS, scoreSuppliers } from './score-suppliers.js';
import { defaultScoringRuleset, parseScoringRuleset } from './scoring-ruleset.js';

let kit: Awaited<ReturnType<typeof createEngineTestKit>>;
let suppliersPath: string;
let matchesPath: string;

beforeAll(async () => {
  kit = await createEngineTestKit();
  suppliersPath = path.join(kit.dir, 'suppliers.parquet');
  matchesPath = path.join(kit.dir, 'matches.parquet');
  // key, country, mcc, annual spend, payments/month, terms, actual days, method
  await copyToParquet(
    kit.db,
    `SELECT k AS supplier_key, k AS supplier_id, 'Supplier ' || k AS supplier_name, country, mcc,
       CAST(spend AS DECIMAL(18, 2)) AS annual_spend, ppm AS payments_per_month,
       terms AS payment_terms_days, actual AS actual_days_to_pay, actual - terms AS days_beyond_terms,
       method AS main_payment_method
     FROM (VALUES
       ('stp', 'GBR', NULL, 250000, 4.0, 30, 35, 'ACH'),
       ('cheque', 'GBR', '5111', 40000, 2.0, 60, 75, 'Cheque'),
       ('hotel', 'FRA', NULL, 8000, 1.5, 0, 0, 'Card'),
       ('vc', 'GBR', NULL, 1500000, 0.5, 45, 50, 'Wire'),
       ('dormant', 'GBR', NULL, 500, 0.1, NULL, NULL, NULL)
     ) t(k, country, mcc, spend, ppm, terms, actual, method)`,
    suppliersPath,
  );
  await copyToParquet(
    kit.db,
    `SELECT k AS supplier_key, status AS match_status, level AS confidence, mid AS merchant_id,
       card AS accepts_card, vc AS accepts_virtual_card, stp AS stp_enrolled, CAST(dl AS TINYINT) AS data_level,
       proc AS via_processor, mcc AS merchant_mcc, CAST(last AS DATE) AS last_transaction_date
     FROM (VALUES
       ('stp', 'MATCHED', 'High', 'M1', true, true, true, 3, false, '7399', '2025-06-01'),
       ('cheque', 'UNMATCHED', 'None', NULL, NULL, NULL, NULL, NULL, false, NULL, NULL),
       ('hotel', 'MATCHED', 'Medium', 'M2', true, false, false, 1, false, '7011', '2025-06-20'),
       ('vc', 'MATCHED', 'High', 'M3', true, true, false, 2, false, '5111', '2025-05-01'),
       ('dormant', 'MATCHED', 'High', 'M4', true, false, false, 3, true, '5999', '2023-01-01')
     ) t(k, status, level, mid, card, vc, stp, dl, proc, mcc, last)`,
    matchesPath,
  );
});
afterAll(() => kit.dispose());

async function score(ruleset: ScoringRuleset, name: string) {
  const outPath = path.join(kit.dir, name);
  const result = await scoreSuppliers({
    db: kit.db,
    suppliersPath,
    matchesPath,
    ruleset,
    asOfDate: '2025-06-30',
    buyerCountryIso3: 'GBR',
    outPath,
  });
  const rows = await kit.db.all(`SELECT * FROM read_parquet('${outPath}') ORDER BY supplier_key`);
  return { result, rows: Object.fromEntries(rows.map((r) => [r.supplier_key as string, r])) };
}

describe('scoreSuppliers', () => {
  it('derives the slicer fields from the match', async () => {
    const { rows } = await score(defaultScoringRuleset(), 'a.parquet');
    const slicers = (k: string) => {
      const r = rows[k]!;
      return [r.card_accepting, r.vc_accepting, r.detail_level, r.stp_capable, r.card_capability];
    };
    expect(slicers('stp')).toEqual(['MATCHED', 'YES', '3', 'TRUE', 'STP']);
    expect(slicers('cheque')).toEqual(['UNMATCHED', 'UNMATCHED', 'none', 'FALSE', 'Unmatched']);
    expect(slicers('vc')).toEqual(['MATCHED', 'YES', '2', 'FALSE', 'VC']);
    expect(slicers('dormant')).toEqual(['MATCHED', 'NO', '3', 'FALSE', 'L3']);
    expect(slicers('hotel')).toEqual(['MATCHED', 'NO', '1', 'FALSE', 'Card Acceptor']);
  });

  it('scores the eight products with levels, gates and Optima', async () => {
    const { rows, result } = await score(defaultScoringRuleset(), 'b.parquet');
    expect(rows.stp).toMatchObject({ stp_score: 90, stp_level: 'High', boost_score: 75 });
    expect(rows.cheque).toMatchObject({
      stp_score: 0,
      stp_level: 'None',
      boost_level: 'None',
      instant_pay_score: 85,
      instant_pay_level: 'High',
    });
    expect(rows.hotel).toMatchObject({ tande_card_score: 80, tande_card_level: 'High' });
    expect(rows.stp).toMatchObject({ tande_card_score: 0, tande_card_level: 'None' });
    expect(rows.vc).toMatchObject({ scf_score: 70, vcard_score: 70 });
    expect(rows.dormant!.months_since_last_transaction).toBe(29);
    for (const r of Object.values(rows)) {
      const scores = ['stp', 'vcard', 'pcard', 'tande_card', 'scf', 'instant_pay', 'boost'].map(
        (p) => r[`${p}_score`] as number,
      );
      expect(r.optima_score).toBe(Math.max(...scores));
    }
    expect(result.levels.Stp).toEqual({ High: 1, Medium: 1, Low: 1, None: 2 });
  });

  it('is deterministic and agrees with the explanation of each score', async () => {
    const ruleset = defaultScoringRuleset();
    const first = await score(ruleset, 'c.parquet');
    const second = await score(ruleset, 'd.parquet');
    expect(second.rows).toEqual(first.rows);
    for (const row of Object.values(first.rows)) {
      const explained = explainScores(row, ruleset);
      for (const product of CARD_PRODUCTS) {
        expect([row.supplier_key, product, explained[product].score]).toEqual([
          row.supplier_key,
          product,
          row[`${PRODUCT_COLUMNS[product]}_score`],
        ]);
        expect(explained[product].level).toBe(row[`${PRODUCT_COLUMNS[product]}_level`]);
      }
    }
    const stp = explainScores(first.rows.stp!, ruleset);
    expect(stp.Stp.drivers[0]).toEqual({
      factorId: 'stp-enrolled',
      description: 'Enrolled for straight-through processing',
      points: 70,
    });
    expect(explainScores(first.rows.cheque!, ruleset).Stp).toMatchObject({
      applies: false,
      level: 'None',
    });
    expect(explainScores(first.rows.stp!, ruleset).Optima.drivers).toEqual(stp.Stp.drivers);
  });

  it('supports a weighted Optima', async () => {
    const ruleset = {
      ...defaultScoringRuleset(),
      version: 2,
      optima: { method: 'weighted' as const, weights: { Vcard: 1, Stp: 1 } },
    };
    const { rows } = await score(ruleset, 'e.parquet');
    const r = rows.stp!;
    expect(r.optima_score).toBe(
      Math.round(((r.vcard_score as number) + (r.stp_score as number)) / 2),
    );
    expect(r.scoring_ruleset_version).toBe(2);
  });
});

describe('scoring ruleset', () => {
  it('ships a valid default and refuses broken ones', () => {
    const ruleset = defaultScoringRuleset();
    expect(Object.keys(ruleset.products).sort()).toEqual([
      'Boost',
      'InstantPay',
      'Pcard',
      'Scf',
      'Stp',
      'TandEcard',
      'Vcard',
    ]);
    expect(() => parseScoringRuleset({ ...ruleset, levels: { high: 40, medium: 70 } })).toThrow(
      /high must be above medium/,
    );
    expect(() =>
      parseScoringRuleset({
        ...ruleset,
        spendBands: [
          { label: 'a', min: 10 },
          { label: 'b', min: 5 },
        ],
      }),
    ).toThrow(/ascend/);
    const badFeature = structuredClone(ruleset) as unknown as {
      products: { Vcard: { factors: { when: { feature: string }[] }[] } };
    };
    badFeature.products.Vcard.factors[0]!.when[0]!.feature = 'shoeSize';
    expect(() => parseScoringRuleset(badFeature)).toThrow(/RULESET|products/i);
    const noProducts = { ...ruleset, products: { Vcard: ruleset.products.Vcard } };
    expect(() => parseScoringRuleset(noProducts)).toThrow();
  });
});
