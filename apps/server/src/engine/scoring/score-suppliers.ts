import {
  CARD_PRODUCT_DISPLAY_ORDER,
  type CardProduct,
  type Level,
  type ProductScoring,
  type ScoredProduct,
  type ScoringFeature,
} from '@b2b/contract';
import {
  copyToParquet,
  sqlString,
  SUPPLIER_FILE_ROW_GROUP_SIZE,
  type EngineDb,
} from '../duckdb.js';
import { conditionSql, FEATURE_COLUMNS } from './scoring-ruleset.js';
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

export const SCORED_PRODUCTS = CARD_PRODUCT_DISPLAY_ORDER.filter(
  (p): p is ScoredProduct => p !== 'Optima',
);

export interface ScoreSuppliersInput extends FeatureInputs {
  db: EngineDb;
  outPath: string;
}

export interface ScoreSuppliersResult {
  parquetPath: string;
  supplierCount: number;
  rulesetVersion: number;
  levels: Record<CardProduct, Record<Level, number>>;
}

const str = (s: string) => sqlString(s);

function productScoreSql(product: ScoredProduct, spec: ProductScoring): string {
  const gate = spec.gates.length ? spec.gates.map(conditionSql).join(' AND ') : 'true';
  const points = spec.factors.map(
    (f) =>
      `CASE WHEN ${f.when.map(conditionSql).join(' AND ')} THEN ${Number(f.points)} ELSE 0 END`,
  );
  const raw = `${Number(spec.base)}${points.map((p) => ` + (${p})`).join('')}`;
  return `CASE WHEN ${gate} THEN CAST(least(100, greatest(0, round(${raw}))) AS INTEGER) ELSE 0 END AS ${PRODUCT_COLUMNS[product]}_score`;
}

/**
 * Scores every supplier for the eight card products with a scoring ruleset: per product the base
 * points plus each factor that holds, clamped to 0–100 (0 when a gate fails), the level
 * (High ≥ levels.high, Medium ≥ levels.medium, Low > 0, else None), and Optima (the best
 * product, or the ruleset's weighted mix). Adds the slicer fields (Card Accepting, VC Accepting,
 * Detail Level, STP Capable, Card Capability) and keeps every scoring feature, from which
 * `explainScores` tells what drove each score. Deterministic for the same inputs, ruleset and
 * `asOfDate`. All in one vectorised SQL pass.
 */
export async function scoreSuppliers(input: ScoreSuppliersInput): Promise<ScoreSuppliersResult> {
  const { db, ruleset } = input;
  const supplierCount = await copyToParquet(db, scoreQuery(input), input.outPath, {
    rowGroupSize: SUPPLIER_FILE_ROW_GROUP_SIZE,
  });
  const all: CardProduct[] = ['Optima', ...SCORED_PRODUCTS];
  const levels = Object.fromEntries(
    all.map((p) => [p, { High: 0, Medium: 0, Low: 0, None: 0 }]),
  ) as ScoreSuppliersResult['levels'];
  for (const p of all) {
    const rows = await db.all<{ level: Level; n: number }>(
      `SELECT ${PRODUCT_COLUMNS[p]}_level AS level, CAST(count(*) AS INTEGER) AS n
       FROM read_parquet(${sqlString(input.outPath)}) GROUP BY ALL`,
    );
    for (const row of rows) levels[p][row.level] = row.n;
  }
  return { parquetPath: input.outPath, supplierCount, rulesetVersion: ruleset.version, levels };
}

/** The scoring query: one row per supplier (see `scoreSuppliers`). */
export function scoreQuery(input: Omit<ScoreSuppliersInput, 'db' | 'outPath'>): string {
  const { ruleset } = input;
  const score = (p: CardProduct) => `${PRODUCT_COLUMNS[p]}_score`;
  const optima =
    ruleset.optima.method === 'max'
      ? `greatest(${SCORED_PRODUCTS.map(score).join(', ')})`
      : (() => {
          const weights = ruleset.optima.weights;
          const total = SCORED_PRODUCTS.reduce((sum, p) => sum + (weights[p] ?? 0), 0) || 1;
          return `CAST(round((${SCORED_PRODUCTS.map((p) => `${weights[p] ?? 0} * ${score(p)}`).join(' + ')}) / ${total}) AS INTEGER)`;
        })();
  const best = `CASE ${SCORED_PRODUCTS.map((p) => `WHEN ${score(p)} = optima_score THEN ${str(p)}`).join(' ')} END`;
  const level = (column: string) =>
    `CASE WHEN ${column} >= ${ruleset.levels.high} THEN 'High' WHEN ${column} >= ${ruleset.levels.medium} THEN 'Medium' WHEN ${column} > 0 THEN 'Low' ELSE 'None' END`;
  const all: CardProduct[] = ['Optima', ...SCORED_PRODUCTS];
  const features = [...new Set(Object.values(FEATURE_COLUMNS))].filter(
    (c) => !['match_status', 'confidence', 'country', 'main_payment_method'].includes(c),
  );
  return `
    WITH f AS (${supplierFeaturesSql(input)}),
    scored AS (
      SELECT *, ${SCORED_PRODUCTS.map((p) => productScoreSql(p, ruleset.products[p])).join(',\n        ')}
      FROM f
    ),
    best AS (SELECT *, ${best} AS optima_product FROM (SELECT *, ${optima} AS optima_score FROM scored))
    SELECT supplier_key, supplier_id, supplier_name, match_status, confidence, merchant_id,
      card_accepting, vc_accepting, detail_level, stp_capable, card_capability,
      main_payment_method, country, ${features.join(', ')},
      ${all.map((p) => `${score(p)}, ${level(score(p))} AS ${PRODUCT_COLUMNS[p]}_level`).join(',\n      ')},
      optima_product, ${ruleset.version} AS scoring_ruleset_version
    FROM best ORDER BY supplier_key`;
}

/** A supplier's scoring features as read from the scores Parquet (snake_case columns). */
export type FeatureRow = Record<string, unknown>;

/** The value of a feature in a scores row. */
export function featureValue(row: FeatureRow, feature: ScoringFeature): unknown {
  return row[FEATURE_COLUMNS[feature]];
}
