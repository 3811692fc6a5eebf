import {
  CARD_PRODUCT_DISPLAY_ORDER,
  type CardProduct,
  type Level,
  type ProductScoring,
  type ScoredProduct,
} from '@b2b/contract';
import { copyToParquet, sqlString, type EngineDb } from '../duckdb.js';
import { conditionSql } from './scoring-ruleset.js';
import { supplierFeaturesSql, type FeatureInputs } from './supplier-features.js';

/** Column prefix per product: `<prefix>_score`, `<prefix>_level` (contract: stpScore, …). */
export const PRODUCT_COLUMNS: Record<CardProduct, string> = {
  Optima: 'optima',
  Stp: 'stp',
  Vcard: 'vcard',
  Pcard: 'pcard',
  TandEcard: 'tande_card',
  Scf: 'scf',
  InstantPay: 'instant_pay',
  Boost: 'boost',
};

export interface ScoreSuppliersInput extends FeatureInputs {
  db: EngineDb;
  outPath: string;
  /** How many contributions per product to keep as "what drove the score" (default 5). */
  topContributions?: number;
}

export interface ScoreSuppliersResult {
  parquetPath: string;
  supplierCount: number;
  rulesetVersion: number;
  levels: Record<CardProduct, Record<Level, number>>;
}

const str = (s: string) => sqlString(s);

/** Score, gate and drivers SQL of one product. */
function productSql(product: ScoredProduct, spec: ProductScoring, top: number) {
  const gate = spec.gates.length ? spec.gates.map(conditionSql).join(' AND ') : 'true';
  const points = spec.factors.map(
    (f) =>
      `CASE WHEN ${f.when.map(conditionSql).join(' AND ')} THEN ${Number(f.points)} ELSE 0 END`,
  );
  const raw = `${Number(spec.base)}${points.map((p) => ` + (${p})`).join('')}`;
  const drivers = spec.factors.length
    ? `list_transform(list_slice(list_sort(list_filter([${spec.factors
        .map(
          (f, i) =>
            `struct_pack(k := -abs(${points[i]}), factorId := ${str(f.id)}, description := ${str(f.description)}, points := ${points[i]})`,
        )
        .join(', ')}], x -> x.points <> 0)), 1, ${top}),
        x -> struct_pack(factorId := x.factorId, description := x.description, points := x.points))`
    : '[]';
  const notApplicable = `[struct_pack(factorId := 'not-applicable', description := 'The product does not apply to this supplier', points := 0)]`;
  const c = PRODUCT_COLUMNS[product];
  return {
    score: `CASE WHEN ${gate} THEN CAST(least(100, greatest(0, round(${raw}))) AS INTEGER) ELSE 0 END AS ${c}_score`,
    drivers: `CASE WHEN ${gate} THEN ${drivers} ELSE ${notApplicable} END AS ${c}_drivers`,
  };
}

/**
 * Scores every supplier for the eight card products with a scoring ruleset: per product the base
 * points plus each factor that holds, clamped to 0–100 (0 when a gate fails), the level
 * (High ≥ levels.high, Medium ≥ levels.medium, Low > 0, else None), the top contributions that
 * drove it, and Optima (the best product, or the ruleset's weighted mix). Adds the slicer fields
 * (Card Accepting, VC Accepting, Detail Level, STP Capable, Card Capability). Deterministic for
 * the same inputs, ruleset and `asOfDate`.
 */
export async function scoreSuppliers(input: ScoreSuppliersInput): Promise<ScoreSuppliersResult> {
  const { db, ruleset } = input;
  const top = input.topContributions ?? 5;
  const products = CARD_PRODUCT_DISPLAY_ORDER.filter((p): p is ScoredProduct => p !== 'Optima');
  const parts = products.map((p) => productSql(p, ruleset.products[p], top));
  const score = (p: CardProduct) => `${PRODUCT_COLUMNS[p]}_score`;
  const optima =
    ruleset.optima.method === 'max'
      ? `greatest(${products.map(score).join(', ')})`
      : (() => {
          const weights = ruleset.optima.weights;
          const total = products.reduce((sum, p) => sum + (weights[p] ?? 0), 0) || 1;
          return `CAST(round((${products.map((p) => `${weights[p] ?? 0} * ${score(p)}`).join(' + ')}) / ${total}) AS INTEGER)`;
        })();
  const best = `CASE ${products.map((p) => `WHEN ${score(p)} = optima_score THEN ${str(p)}`).join(' ')} END`;
  const level = (column: string) =>
    `CASE WHEN ${column} >= ${ruleset.levels.high} THEN 'High' WHEN ${column} >= ${ruleset.levels.medium} THEN 'Medium' WHEN ${column} > 0 THEN 'Low' ELSE 'None' END`;
  const all: CardProduct[] = ['Optima', ...products];
  const driversJson = `json_object(${all
    .map((p) => `${str(p)}, ${PRODUCT_COLUMNS[p]}_drivers`)
    .join(', ')})::VARCHAR AS score_drivers`;
  const query = `
    WITH f AS (${supplierFeaturesSql(input)}),
    scored AS (SELECT *, ${parts.map((p) => `${p.score}, ${p.drivers}`).join(', ')} FROM f),
    opt AS (SELECT *, ${optima} AS optima_score FROM scored),
    best AS (SELECT *, ${best} AS optima_product FROM opt)
    SELECT supplier_key, supplier_id, supplier_name, match_status, confidence, merchant_id,
      card_accepting, vc_accepting, detail_level, stp_capable, card_capability,
      mcc_number AS mcc, mcc_group, spend_band, annual_spend, main_payment_method, country,
      ${all.map((p) => `${score(p)}, ${level(score(p))} AS ${PRODUCT_COLUMNS[p]}_level`).join(',\n      ')},
      optima_product,
      ${driversJson.replace(
        `${str('Optima')}, optima_drivers`,
        `${str('Optima')}, CASE optima_product ${products.map((p) => `WHEN ${str(p)} THEN ${PRODUCT_COLUMNS[p]}_drivers`).join(' ')} END`,
      )},
      ${ruleset.version} AS scoring_ruleset_version
    FROM best ORDER BY supplier_key`;
  const supplierCount = await copyToParquet(db, query, input.outPath);
  const levels = Object.fromEntries(
    all.map((p) => [p, { High: 0, Medium: 0, Low: 0, None: 0 }]),
  ) as ScoreSuppliersResult['levels'];
  const rows = await db.all<Record<string, string | number>>(
    `SELECT ${all.map((p) => `${PRODUCT_COLUMNS[p]}_level AS "${p}"`).join(', ')}, CAST(count(*) AS INTEGER) AS n
     FROM read_parquet(${sqlString(input.outPath)}) GROUP BY ALL`,
  );
  for (const row of rows) {
    for (const p of all) levels[p][row[p] as Level] += Number(row.n);
  }
  return { parquetPath: input.outPath, supplierCount, rulesetVersion: ruleset.version, levels };
}
