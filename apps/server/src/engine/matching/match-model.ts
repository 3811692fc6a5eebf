import {
  MATCH_COMPARISONS,
  OPTIONAL_MATCH_LEVELS,
  type MatchComparison,
  type MatchModel,
  type MatchModelEvidence,
} from '@b2b/contract';
import type { EngineDb } from '../duckdb.js';
import { BEST_TABLE, FEATURES_TABLE } from './match-features.js';
import type { LevelProbabilities } from './match-model-em.js';
import { levelWeight } from './match-model-em.js';

/** The parameters a job is matched with: the ruleset's, or m and u estimated on the job. */
export interface ModelParameters {
  m: LevelProbabilities;
  u: LevelProbabilities;
  prior: number;
  termFrequency: Partial<Record<MatchComparison, boolean>>;
  source: MatchModelEvidence['parameters'];
}

/**
 * The name's "same words" level: every word of either name has its like in the other (equal,
 * one edit apart, or a cut last word), or the names are equal but for spaces
 * ("SQ *PRESCOTTMOTORS"): a misspelt or run-together name ("Bianqhi Travel") rather than another
 * business's longer or shorter one ("Harbour Couriers" against "Harbour Bay Couriers"), which
 * the weighted token score leaves below 1. On the dev set, name-only suppliers nearly equal to
 * one entity's name were that business in 71 of 76 cases with a token score of 1, and unknown
 * businesses in 24 of 24 below it (docs/perf/matching.md).
 */
const SAME_WORDS = `(name_token_score >= 0.9999 OR dba_score >= 0.9999
    OR compact_similarity >= 0.9999 OR dba_compact_similarity >= 0.9999)`;

/**
 * Each comparison's level of a compared pair, as SQL over `comparePairs`' columns; NULL when a
 * side is missing (not compared, weight 0).
 */
export const LEVEL_SQL: Record<MatchComparison, string> = {
  name: `CASE WHEN name_exact THEN 'exact' WHEN name_cut THEN 'truncation'
    WHEN ${SAME_WORDS} THEN 'sameWords'
    WHEN name_score >= 0.95 OR name_jw >= 0.97 THEN 'veryHigh' WHEN name_score >= 0.88 THEN 'high'
    WHEN name_score >= 0.75 THEN 'fair' ELSE 'different' END`,
  taxId: `CASE tax_match WHEN true THEN 'equal' WHEN false THEN 'different' END`,
  postcode: `CASE WHEN postcode_match THEN 'equal' WHEN postcode_area_match THEN 'area'
    WHEN NOT postcode_match THEN 'different' END`,
  city: `CASE WHEN city_score >= 0.95 THEN 'equal' WHEN city_score >= 0.85 THEN 'similar'
    WHEN city_score IS NOT NULL THEN 'different' END`,
  address: `CASE WHEN address_score >= 0.95 THEN 'equal' WHEN address_score >= 0.8 THEN 'similar'
    WHEN address_score IS NOT NULL THEN 'different' END`,
  country: `CASE country_match WHEN true THEN 'equal' WHEN false THEN 'different' END`,
  jobCountry: `CASE job_country_match WHEN true THEN 'equal' WHEN false THEN 'different' END`,
  mcc: 'mcc_agreement',
  legalForm: 'legal_form_agreement',
};

/** The comparisons a model uses, in MATCH_COMPARISONS order. */
export function modelComparisons(model: MatchModel): MatchComparison[] {
  return (Object.keys(MATCH_COMPARISONS) as MatchComparison[]).filter(
    (c) => model.comparisons[c] !== undefined,
  );
}

export const levelColumn = (c: MatchComparison) => `lvl_${c}`;

/** `SELECT *, <level of each comparison> FROM source` */
export function withLevelsSql(model: MatchModel, source: string): string {
  const levels = modelComparisons(model).map((c) => `${levelSql(model, c)} AS ${levelColumn(c)}`);
  return `SELECT *, ${levels.join(', ')} FROM ${source}`;
}

/**
 * A comparison's level SQL for `model`: a level the model has no parameters for (a ruleset
 * stored before the level existed, `OPTIONAL_MATCH_LEVELS`) is the next level down, so the
 * ruleset weighs pairs as it did when it was made.
 */
export function levelSql(model: MatchModel, c: MatchComparison): string {
  const levels = (model.comparisons[c]?.levels ?? {}) as Record<string, unknown>;
  const missing: string[] = (OPTIONAL_MATCH_LEVELS[c] ?? []).filter((l) => levels[l] === undefined);
  if (missing.length === 0) return LEVEL_SQL[c];
  const order = Object.keys(MATCH_COMPARISONS[c].levels);
  const fallback = (l: string): string => {
    const next = order[order.indexOf(l) + 1]!;
    return missing.includes(next) ? fallback(next) : next;
  };
  const mapped = missing.map((l) => `WHEN '${l}' THEN '${fallback(l)}'`).join(' ');
  return `(CASE (${LEVEL_SQL[c]}) ${mapped} ELSE (${LEVEL_SQL[c]}) END)`;
}

/** The shipped parameters of a ruleset's model. */
export function shippedParameters(model: MatchModel): ModelParameters {
  const m: LevelProbabilities = {};
  const u: LevelProbabilities = {};
  const termFrequency: ModelParameters['termFrequency'] = {};
  for (const c of modelComparisons(model)) {
    const comparison = model.comparisons[c]!;
    m[c] = {};
    u[c] = {};
    for (const [level, p] of Object.entries(comparison.levels) as [
      string,
      { m: number; u: number },
    ][]) {
      m[c][level] = p.m;
      u[c][level] = p.u;
    }
    termFrequency[c] = comparison.termFrequency;
  }
  return { m, u, prior: model.priorMatchProbability, termFrequency, source: 'shipped' };
}

const num = (x: number) => (Number.isFinite(x) ? x.toPrecision(10) : '0');

/** SQL of one comparison's weight for the pair's level (0 when not compared). */
function weightSql(c: MatchComparison, params: ModelParameters): { sql: string; tf: string } {
  const levels = Object.keys(params.m[c] ?? {});
  const cases = levels
    .map((l) => `WHEN '${l}' THEN ${num(levelWeight(params.m[c]![l]!, params.u[c]![l]!))}`)
    .join(' ');
  const plain = `CASE ${levelColumn(c)} ${cases} ELSE 0 END`;
  // A name several merchant entities of the country carry (unrelated businesses sharing it) is
  // weaker evidence than a name only one carries: an exact name loses log2 of that count (a
  // term-frequency adjustment relative to a unique name, so a small country's names are not
  // weighed down for being in a small country).
  // The same words misspelt name the same namesakes, so they are weighed down alike.
  if (c === 'name' && params.termFrequency.name) {
    const adjusted = `(${levelColumn(c)} IN ('exact', 'truncation', 'sameWords') AND entity_name_count > 1)`;
    return {
      sql: `CASE WHEN ${adjusted} THEN ${plain} - log2(entity_name_count) ELSE ${plain} END`,
      tf: adjusted,
    };
  }
  return { sql: plain, tf: 'false' };
}

/** A street this similar is the supplier's street (and a town this similar its town). */
const SAME_PLACE_SIMILARITY = 0.99;
/** Whether a compared pair's record is at the supplier's postcode, or its street in its town. */
const atSupplierPlaceSql = `(coalesce(postcode_match, false)
  OR (coalesce(address_score, 0) >= ${SAME_PLACE_SIMILARITY}
    AND coalesce(city_score, 0) >= ${SAME_PLACE_SIMILARITY}))`;

/**
 * Weighs every compared pair, keeps each supplier's best record per merchant entity, and creates
 * `b2b_mb` with the best entity's best record: its match weight (prior + comparisons), match
 * probability (as `match_score`), the lead over the next-best entity in weight (`weight_gap`,
 * 99 when there is none) and the waterfall steps (`model_steps`).
 */
export async function pickBestByWeight(
  db: EngineDb,
  model: MatchModel,
  params: ModelParameters,
): Promise<void> {
  const comparisons = modelComparisons(model);
  const priorWeight = Math.log2(params.prior / (1 - params.prior));
  const weights = comparisons.map((c) => ({ c, ...weightSql(c, params) }));
  // The steps keep no labels: nine labels per supplier were a third of building this table at
  // 100,000 suppliers. The supplier screen labels the one it shows (match-evidence.ts).
  const steps = weights.map(
    (w) => `{'comparison': '${w.c}',
      'level': coalesce(${levelColumn(w.c)}, 'missing'),
      'weight': round(w_${w.c}, 3), 'termFrequencyAdjusted': ${w.tf}}`,
  );
  // merchant_no numbers the records in merchant id order: the same tie-break as the ids, on
  // integers (the rankings below partition and sort 100,000s of rows).
  const order = 'forced DESC, match_weight DESC, merchant_no';
  await db.run(`CREATE OR REPLACE TEMP TABLE ${BEST_TABLE} AS
    WITH levelled AS (${withLevelsSql(model, FEATURES_TABLE)}),
    weighed AS (
      SELECT *, ${num(priorWeight)} + ${weights.map((w) => `w_${w.c}`).join(' + ')} AS match_weight
      FROM (SELECT *, ${weights.map((w) => `${w.sql} AS w_${w.c}`).join(', ')} FROM levelled)
    ),
    -- The rankings sort only the columns they need; the best row's others are joined back. A
    -- window over the whole rows carried every comparison's columns through two sorts.
    keyed AS (
      SELECT supplier_no, entity_id, merchant_no, forced, match_weight, entity_name_count,
        merchant_name_norm, entity_mcc, country_match, job_country_match,
        legal_form_agreement, ${atSupplierPlaceSql} AS at_supplier_place
      FROM weighed
    ), per_entity AS (
      SELECT * FROM keyed
      QUALIFY row_number() OVER (PARTITION BY supplier_no, entity_id ORDER BY ${order}) = 1
    ), ranked AS (
      SELECT *, row_number() OVER (PARTITION BY supplier_no ORDER BY ${order}) AS rank_in_supplier
      FROM per_entity
    ), best AS (
      SELECT w.*, r.rank_in_supplier, r.at_supplier_place
      FROM ranked r JOIN weighed w USING (supplier_no, merchant_no)
      WHERE r.rank_in_supplier = 1
    ), runner_up AS (
      SELECT r.supplier_no, max(r.match_weight) AS next_weight
      FROM ranked r JOIN best b USING (supplier_no)
      WHERE r.rank_in_supplier > 1 AND NOT (${siblingSql('b', 'r')})
      GROUP BY r.supplier_no
    )
    SELECT * EXCLUDE (rank_in_supplier, next_weight, same_name_count, at_supplier_place),
      entity_name_count AS same_name_count,
      1 / (1 + pow(2, -match_weight)) AS match_score,
      coalesce(match_weight - next_weight, 99) AS weight_gap,
      coalesce(1 / (1 + pow(2, -match_weight)) - 1 / (1 + pow(2, -next_weight)), 1.0) AS runner_up_gap,
      ${num(priorWeight)} AS prior_weight,
      [${steps.join(', ')}] AS model_steps
    FROM best LEFT JOIN runner_up USING (supplier_no)`);
}

/**
 * Whether entity `r` is the best entity `b`'s sibling, so no runner-up:
 * - the only two entities of the country with one name, and the same MCC. Entities are split by
 *   town (two same-named shops in other towns may be unrelated), but two sites of one business
 *   look just like this — on the dev set 85 % of such pairs are one business, while a name three
 *   or more entities carry, or two with other MCCs, is mostly a common name. A supplier that
 *   names the business without a place cannot tell the sites apart and need not;
 * - or both at the supplier's place — its postcode, or its street in its town — under the same
 *   name or one cut short of the other, and no other MCC: records the clustering left apart
 *   (a cut descriptor it could not place, a business's records without a tax id beside one with
 *   it), but two businesses of one name at one address are one business.
 */
function siblingSql(b: string, r: string): string {
  return `(${sameNameSitesSql(b, r)} OR ${samePlaceSql(b, r)})`;
}

function sameNameSitesSql(b: string, r: string): string {
  return `coalesce(${b}.entity_name_count = 2 AND ${r}.merchant_name_norm = ${b}.merchant_name_norm
    AND ${r}.entity_mcc = ${b}.entity_mcc AND ${r}.country_match IS NOT DISTINCT FROM ${b}.country_match
    AND ${r}.job_country_match IS NOT DISTINCT FROM ${b}.job_country_match
    AND ${r}.legal_form_agreement IS NOT DISTINCT FROM ${b}.legal_form_agreement, false)`;
}

function samePlaceSql(b: string, r: string): string {
  return `coalesce(${b}.at_supplier_place AND ${r}.at_supplier_place
    AND (starts_with(${b}.merchant_name_norm, ${r}.merchant_name_norm)
      OR starts_with(${r}.merchant_name_norm, ${b}.merchant_name_norm))
    AND (${r}.entity_mcc IS NULL OR ${b}.entity_mcc IS NULL OR ${r}.entity_mcc = ${b}.entity_mcc), false)`;
}

/** SQL of the model's level for `b2b_mb` rows: thresholds, then caps. */
export function modelLevelSql(model: MatchModel, capLevelSql: string | null): string {
  const t = model.thresholds;
  const byWeight = `CASE WHEN match_weight >= ${t.high} THEN 'High' WHEN match_weight >= ${t.medium}
    THEN 'Medium' WHEN match_weight >= ${t.low} THEN 'Low' ELSE 'None' END`;
  if (!capLevelSql) return byWeight;
  const rank = (v: string) =>
    `CASE ${v} WHEN 'High' THEN 3 WHEN 'Medium' THEN 2 WHEN 'Low' THEN 1 ELSE 0 END`;
  return `CASE WHEN ${capLevelSql} IS NOT NULL AND ${rank(capLevelSql)} < ${rank(byWeight)}
    THEN ${capLevelSql} ELSE ${byWeight} END`;
}
