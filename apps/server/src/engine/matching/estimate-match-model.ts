import type { MatchComparison, MatchModel, MatchOverride } from '@b2b/contract';
import { sqlString, type EngineDb } from '../duckdb.js';
import type { ReferenceVersion } from '../reference-data/reference-version.js';
import { SUPPLIERS_TABLE } from './match-candidates.js';
import { comparePairs, FEATURES_TABLE } from './match-features.js';
import { estimateM, type ComparisonPattern, type LevelProbabilities } from './match-model-em.js';
import {
  levelColumn,
  modelComparisons,
  shippedParameters,
  withLevelsSql,
  type ModelParameters,
} from './match-model.js';

/** A level seen fewer times than this among random pairs keeps its shipped u. */
const MIN_LEVEL_OBSERVATIONS = 20;

export interface ModelEstimate {
  params: ModelParameters;
  /** Whether m came from this job's pairs (EM) and u from its random pairs. */
  mEstimated: boolean;
  uEstimated: boolean;
  randomPairs: number;
  candidatePairs: number;
  labelledPairs: number;
  iterations: number;
}

/**
 * The parameters a job is matched with: u from random supplier–merchant pairs of the same country
 * (almost all of which are different businesses), m by expectation-maximisation on the job's
 * compared candidate pairs in training sessions (below) with people's decisions as labelled pairs, both pulled towards the
 * ruleset's values (`priorStrength`) and falling back to them when the job is too small or the
 * estimate does not converge. The prior of the final weights stays the ruleset's, so the
 * thresholds mean the same from job to job.
 */
export async function estimateMatchModel(
  db: EngineDb,
  reference: ReferenceVersion,
  model: MatchModel,
  overrides: MatchOverride[],
): Promise<ModelEstimate> {
  const shipped = shippedParameters(model);
  const params: ModelParameters = structuredClone(shipped);
  const { estimation } = model;
  let randomPairs = 0;
  let uEstimated = false;
  if (estimation.estimateU) {
    const u = await estimateU(db, reference, model, estimation.randomPairs);
    randomPairs = u.pairs;
    uEstimated = u.pairs >= 1000;
    if (uEstimated) params.u = mergeU(shipped.u, u.counts, u.pairs);
  }
  const { patterns, candidatePairs, labelledPairs } = await comparisonPatterns(
    db,
    model,
    overrides,
  );
  let iterations = 0;
  let mEstimated = false;
  if (estimation.estimateM) {
    for (const session of TRAINING_SESSIONS) {
      if (!model.comparisons[session.blockedOn]) continue;
      const fitted = trainingSession(patterns, session, {
        m: params.m,
        u: params.u,
        maxIterations: estimation.maxIterations,
        priorStrength: estimation.priorStrength,
      });
      if (fitted.pairs < estimation.minCandidatePairs) continue;
      iterations += fitted.iterations;
      for (const c of session.estimates(modelComparisons(model)))
        if (fitted.m[c]) params.m[c] = fitted.m[c];
      mEstimated = true;
    }
  }
  if (mEstimated || uEstimated) params.source = 'estimated';
  return { params, mEstimated, uEstimated, randomPairs, candidatePairs, labelledPairs, iterations };
}

/**
 * Splink's training sessions: EM on every compared pair lets one strong comparison (an exact
 * name) decide the posterior, so pairs that agree on the name but are other businesses (the same
 * name in another town) teach that matches often disagree on the town. Each session therefore
 * takes only the pairs that agree on one comparison, leaves that comparison out, and estimates
 * the others: the name's pairs teach the location comparisons, the postcode's pairs the name.
 */
interface TrainingSession {
  blockedOn: MatchComparison;
  level: string;
  estimates: (all: MatchComparison[]) => MatchComparison[];
}
const TRAINING_SESSIONS: TrainingSession[] = [
  { blockedOn: 'name', level: 'exact', estimates: (all) => all.filter((c) => c !== 'name') },
  { blockedOn: 'postcode', level: 'equal', estimates: () => ['name'] },
];

function trainingSession(
  patterns: ComparisonPattern[],
  session: TrainingSession,
  options: {
    m: LevelProbabilities;
    u: LevelProbabilities;
    maxIterations: number;
    priorStrength: number;
  },
): { m: LevelProbabilities; pairs: number; iterations: number } {
  const blocked = patterns
    .filter((p) => p.levels[session.blockedOn] === session.level)
    .map((p) => ({ ...p, levels: { ...p.levels, [session.blockedOn]: null } }));
  const pairs = blocked.reduce((n, p) => n + p.count, 0);
  const result = estimateM({
    patterns: blocked,
    m: options.m,
    u: options.u,
    // Within pairs that already agree on one comparison, matches are common.
    priorMatchProbability: 0.5,
    maxIterations: options.maxIterations,
    priorStrength: options.priorStrength,
  });
  return { m: result.m, pairs, iterations: result.iterations };
}

function mergeU(
  shipped: LevelProbabilities,
  counts: Record<string, Record<string, number>>,
  pairs: number,
): LevelProbabilities {
  const u = structuredClone(shipped);
  for (const [c, levels] of Object.entries(u)) {
    const compared = Object.values(counts[c] ?? {}).reduce((a, b) => a + b, 0);
    if (compared < pairs / 10) continue; // a comparison most pairs lack: keep the shipped u
    for (const level of Object.keys(levels)) {
      const n = counts[c]?.[level] ?? 0;
      if (n >= MIN_LEVEL_OBSERVATIONS) levels[level] = n / compared;
    }
  }
  return u;
}

/**
 * Level counts of `count` random pairs: each matchable supplier with a country meets random
 * merchants of that country (from the match index's fixed-seed sample), compared as candidates
 * are; one the file gave no country meets random merchants of any country, as its candidates
 * come from any.
 */
async function estimateU(
  db: EngineDb,
  reference: ReferenceVersion,
  model: MatchModel,
  count: number,
): Promise<{ pairs: number; counts: Record<string, Record<string, number>> }> {
  const suppliers = await db.one<{ n: number }>(
    `SELECT CAST(count(*) AS INTEGER) AS n FROM ${SUPPLIERS_TABLE}`,
  );
  if (!suppliers?.n) return { pairs: 0, counts: {} };
  const rounds = Math.max(1, Math.min(50, Math.ceil(count / suppliers.n)));
  await db.run(`CREATE OR REPLACE TEMP TABLE b2b_ru_pairs AS
    WITH ms AS (
      SELECT merchant_id, merchant_no, country,
        CAST(row_number() OVER (PARTITION BY country ORDER BY merchant_id) - 1 AS UBIGINT) AS i,
        CAST(row_number() OVER (ORDER BY merchant_id) - 1 AS UBIGINT) AS g
      FROM read_parquet(${sqlString(reference.indexSamplePath)})
    ), per_country AS (
      SELECT country, CAST(count(*) AS UBIGINT) AS n FROM ms GROUP BY country
    ), ss AS (
      SELECT s.supplier_key, s.supplier_no, s.country, hash(s.supplier_key, t.r) % c.n AS i
      FROM ${SUPPLIERS_TABLE} s JOIN per_country c USING (country), range(${rounds}) t(r)
      WHERE NOT s.country_missing
    ), anywhere AS (
      SELECT s.supplier_key, s.supplier_no, hash(s.supplier_key, t.r) % a.n AS g
      FROM ${SUPPLIERS_TABLE} s, (SELECT CAST(count(*) AS UBIGINT) AS n FROM ms) a, range(${rounds}) t(r)
      WHERE s.country_missing
    )
    SELECT * FROM (
      SELECT ss.supplier_key, ss.supplier_no, ms.merchant_id, ms.merchant_no, false AS forced,
        0 AS candidate_count
      FROM ss JOIN ms USING (country, i)
      UNION ALL
      SELECT anywhere.supplier_key, anywhere.supplier_no, ms.merchant_id, ms.merchant_no, false, 0
      FROM anywhere JOIN ms USING (g)
    ) USING SAMPLE reservoir(${count} ROWS) REPEATABLE (18245)`);
  try {
    await comparePairs(db, reference, 'b2b_ru_pairs', 'b2b_ru', reference.indexSamplePath);
    const compared = await db.one<{ n: number }>(
      'SELECT CAST(count(*) AS INTEGER) AS n FROM b2b_ru',
    );
    const counts: Record<string, Record<string, number>> = {};
    for (const c of modelComparisons(model)) {
      const rows = await db.all<{ level: string | null; n: number }>(
        `SELECT ${levelColumn(c)} AS level, CAST(count(*) AS INTEGER) AS n
         FROM (${withLevelsSql(model, 'b2b_ru')}) GROUP BY 1`,
      );
      counts[c] = {};
      for (const r of rows) if (r.level !== null) counts[c][r.level] = r.n;
    }
    const pairs = compared?.n ?? 0;
    return { pairs, counts };
  } finally {
    await db.run('DROP TABLE IF EXISTS b2b_ru_pairs; DROP TABLE IF EXISTS b2b_ru;');
  }
}

/**
 * The job's compared candidate pairs counted by their comparison levels, with people's
 * decisions as labels: the chosen merchant's entity is a match and the supplier's other
 * candidates are not; every candidate of a rejected supplier is not.
 */
async function comparisonPatterns(
  db: EngineDb,
  model: MatchModel,
  overrides: MatchOverride[],
): Promise<{ patterns: ComparisonPattern[]; candidatePairs: number; labelledPairs: number }> {
  const comparisons = modelComparisons(model);
  const decisions = overrides.map(
    (o) =>
      `(${sqlString(o.supplierKey)}, ${o.decision === 'merchant' ? sqlString(o.merchantId) : 'NULL'})`,
  );
  const labelled = decisions.length
    ? `LEFT JOIN (VALUES ${decisions.join(', ')}) d(supplier_key, merchant_id) USING (supplier_key)
       LEFT JOIN (SELECT merchant_id, entity_id AS chosen_entity FROM ${FEATURES_TABLE}) ce
         ON ce.merchant_id = d.merchant_id`
    : '';
  const label = decisions.length
    ? `CASE WHEN d.supplier_key IS NULL THEN NULL
        WHEN d.merchant_id IS NULL THEN 0
        WHEN f.merchant_id = d.merchant_id OR f.entity_id = ce.chosen_entity THEN 1 ELSE 0 END`
    : 'NULL';
  const columns = comparisons.map(levelColumn);
  const rows = await db.all<Record<string, string | number | null>>(
    `SELECT ${columns.join(', ')}, CAST(label AS INTEGER) AS label, CAST(count(*) AS INTEGER) AS n
     FROM (SELECT DISTINCT f.supplier_key, f.merchant_id, ${columns.map((c) => `f.${c}`).join(', ')},
             ${label} AS label
           FROM (${withLevelsSql(model, FEATURES_TABLE)}) f ${labelled})
     GROUP BY ALL`,
  );
  let candidatePairs = 0;
  let labelledPairs = 0;
  const patterns = rows.map((row) => {
    const n = Number(row.n);
    candidatePairs += n;
    const levels: Record<string, string | null> = {};
    for (const c of comparisons) levels[c] = (row[levelColumn(c)] as string | null) ?? null;
    const pattern: ComparisonPattern = { levels, count: n };
    if (row.label === 0 || row.label === 1) {
      pattern.label = row.label;
      labelledPairs += n;
    }
    return pattern;
  });
  return { patterns, candidatePairs, labelledPairs };
}
