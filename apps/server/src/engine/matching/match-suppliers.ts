import {
  MATCH_EVIDENCE_FIELDS,
  type ConfidenceRuleset,
  type Level,
  type MatchEvidenceField,
  type MatchOverride,
} from '@b2b/contract';
import {
  copyToParquet,
  sqlString,
  SUPPLIER_FILE_ROW_GROUP_SIZE,
  type EngineDb,
} from '../duckdb.js';
import type { ReferenceVersion } from '../reference-data/reference-version.js';
import { EVIDENCE_COLUMNS, firstRuleSql, LEVEL_RANK } from './confidence-ruleset.js';
import { estimateMatchModel, type ModelEstimate } from './estimate-match-model.js';
import {
  CANDIDATES_TABLE,
  generateCandidates,
  prepareSuppliersForMatching,
  SUPPLIERS_TABLE,
} from './match-candidates.js';
import {
  BEST_TABLE,
  comparePairs,
  COUNTRY_COUNTS_TABLE,
  countReferenceByCountry,
  FEATURES_TABLE,
  keepLikelyCandidates,
  pickBestByScore,
} from './match-features.js';
import { modelLevelSql, pickBestByWeight } from './match-model.js';
import { installNormaliseMacros } from './normalise-sql.js';

/** The best candidates' merchants with every column, for the output (`decideSql`). */
const CHOSEN_MERCHANTS_TABLE = 'b2b_mm';

export interface MatchSuppliersInput {
  db: EngineDb;
  /** Per-supplier Parquet from `aggregateConsultantDocuments` or `buildSupplierList`. */
  suppliersPath: string;
  reference: ReferenceVersion;
  ruleset: ConfidenceRuleset;
  /** People's decisions; they win over computed matches and survive re-runs. */
  overrides?: MatchOverride[];
  /** Country for suppliers without one (the issuer's fallbackCountryIso3). */
  fallbackCountryIso3?: string;
  outPath: string;
}

export interface MatchSuppliersResult {
  parquetPath: string;
  supplierCount: number;
  matchedCount: number;
  byLevel: Record<Level, number>;
  overridesApplied: number;
  referenceVersionId: string;
  rulesetVersion: number;
  /** Candidate pairs compared in detail and in total (blocking effectiveness). */
  candidatePairs: number;
  /** How the match model was fitted to this job (model rulesets only). */
  model: (Omit<ModelEstimate, 'params'> & { parameters: ModelEstimate['params']['source'] }) | null;
  stepMs: Record<'normalise' | 'block' | 'score' | 'estimate' | 'decide', number>;
}

/**
 * Matches every supplier against a reference data version: normalise, block, score candidates,
 * apply the confidence ruleset, then people's overrides. Writes one row per supplier (matched or
 * not) with the merchant's acceptance attributes and the evidence JSON (`MatchEvidence`).
 */
export async function matchSuppliers(input: MatchSuppliersInput): Promise<MatchSuppliersResult> {
  const { db, ruleset, reference } = input;
  const overrides = input.overrides ?? [];
  const stepMs = { normalise: 0, block: 0, score: 0, estimate: 0, decide: 0 };
  let t = performance.now();
  const lap = (step: keyof typeof stepMs) => {
    stepMs[step] = Math.round(performance.now() - t);
    t = performance.now();
  };
  await installNormaliseMacros(db);
  try {
    await prepareSuppliersForMatching(db, input.suppliersPath, input.fallbackCountryIso3);
    lap('normalise');
    await generateCandidates(db, reference, ruleset, overrides);
    const pairs = await db.one<{ n: number }>(
      `SELECT CAST(count(*) AS INTEGER) AS n FROM ${CANDIDATES_TABLE}`,
    );
    lap('block');
    await keepLikelyCandidates(db, reference, ruleset);
    await countReferenceByCountry(db, reference);
    // Millions of candidate pairs, done with once the quick pass kept the likely ones: freed
    // before the comparisons and the model's estimate, the step's heaviest memory.
    await db.run(`DROP TABLE ${CANDIDATES_TABLE}`);
    await comparePairs(db, reference, 'b2b_mq', FEATURES_TABLE);
    await db.run('DROP TABLE b2b_mq');
    lap('score');
    let model: MatchSuppliersResult['model'] = null;
    if (ruleset.method === 'model') {
      const { params, ...fit } = await estimateMatchModel(db, reference, ruleset.model, overrides);
      model = { ...fit, parameters: params.source };
      await pickBestByWeight(db, ruleset.model, params);
    } else {
      await pickBestByScore(db, ruleset.weights);
    }
    lap('estimate');
    await createOverridesTable(db, overrides);
    // The chosen merchants, read into a table first: as a subquery of the output's join the
    // planner took them for the whole reference and built its hash table on the suppliers, a
    // right join that then had to be sorted (docs/perf/matching.md, "The output unsorted").
    await db.run(`CREATE OR REPLACE TEMP TABLE ${CHOSEN_MERCHANTS_TABLE} AS
      SELECT * FROM read_parquet(${sqlString(reference.merchantsPath)})
      WHERE merchant_id IN (SELECT merchant_id FROM ${BEST_TABLE})`);
    const supplierCount = await copyToParquet(
      db,
      decideSql(input, model?.parameters),
      input.outPath,
      { rowGroupSize: SUPPLIER_FILE_ROW_GROUP_SIZE },
    );
    lap('decide');
    const counts = await db.all<{
      confidence: Level;
      matched: number;
      n: number;
      overridden: number;
    }>(
      `SELECT confidence, CAST(count(*) AS INTEGER) AS n,
         CAST(count(*) FILTER (WHERE match_status = 'MATCHED') AS INTEGER) AS matched,
         CAST(count(*) FILTER (WHERE match_source <> 'computed') AS INTEGER) AS overridden
       FROM read_parquet(${sqlString(input.outPath)}) GROUP BY confidence`,
    );
    const byLevel: Record<Level, number> = { High: 0, Medium: 0, Low: 0, None: 0 };
    for (const c of counts) byLevel[c.confidence] = c.n;
    return {
      parquetPath: input.outPath,
      supplierCount,
      matchedCount: counts.reduce((sum, c) => sum + c.matched, 0),
      byLevel,
      overridesApplied: counts.reduce((sum, c) => sum + c.overridden, 0),
      referenceVersionId: reference.manifest.versionId,
      rulesetVersion: ruleset.version,
      candidatePairs: pairs?.n ?? 0,
      model,
      stepMs,
    };
  } finally {
    await db.run(`DROP TABLE IF EXISTS ${SUPPLIERS_TABLE}; DROP TABLE IF EXISTS ${CANDIDATES_TABLE};
      DROP TABLE IF EXISTS ${BEST_TABLE}; DROP TABLE IF EXISTS ${FEATURES_TABLE};
      DROP TABLE IF EXISTS b2b_mq; DROP TABLE IF EXISTS b2b_mo;
      DROP TABLE IF EXISTS ${CHOSEN_MERCHANTS_TABLE};
      DROP TABLE IF EXISTS ${COUNTRY_COUNTS_TABLE};`);
  }
}

async function createOverridesTable(db: EngineDb, overrides: MatchOverride[]): Promise<void> {
  const rows = overrides.map(
    (o) =>
      `(${sqlString(o.supplierKey)}, '${o.decision}', ${o.decision === 'merchant' ? sqlString(o.merchantId) : 'NULL'})`,
  );
  await db.run(`CREATE OR REPLACE TEMP TABLE b2b_mo AS
    SELECT CAST(supplier_key AS VARCHAR) AS supplier_key, CAST(decision AS VARCHAR) AS decision,
      CAST(merchant_id AS VARCHAR) AS merchant_id
    FROM (VALUES ${rows.length ? rows.join(', ') : '(NULL, NULL, NULL)'}) t(supplier_key, decision, merchant_id)
    WHERE supplier_key IS NOT NULL`);
}

/** The computed level and rule of a `b2b_mb` row: the rules, or the model's weight and caps. */
function computedLevelSql(ruleset: ConfidenceRuleset): { level: string; ruleId: string } {
  if (ruleset.method === 'rules') return firstRuleSql(ruleset.rules, "'None'");
  const cap = firstRuleSql(ruleset.model.caps, null);
  const level = modelLevelSql(ruleset.model, cap.level);
  const byWeight = modelLevelSql(ruleset.model, null);
  return {
    level,
    ruleId: `CASE WHEN ${level} <> ${byWeight} THEN ${cap.ruleId} ELSE 'match-weight' END`,
  };
}

const RANK_SQL = (v: string) =>
  `CASE ${v} WHEN 'High' THEN 3 WHEN 'Medium' THEN 2 WHEN 'Low' THEN 1 ELSE 0 END`;

/**
 * A supplier's level, rule and source from its computed level and rule, its best candidate's
 * merchant and a person's decision (`ov`, from `b2b_mo`): the one place both the Match step and
 * the dry-run from stored matches decide them, so they cannot drift apart.
 */
function decisionSql(computedLevel: string, computedRule: string, candidate: string) {
  return {
    confidence: `CASE WHEN ov.decision = 'rejected' THEN 'None'
          WHEN ov.decision = 'merchant' AND ${candidate} = ov.merchant_id THEN 'High'
          WHEN ov.decision = 'merchant' THEN 'None'
          ELSE coalesce(${computedLevel}, 'None') END`,
    ruleId: `CASE WHEN ov.decision = 'rejected' THEN 'manual-rejection'
          WHEN ov.decision = 'merchant' AND ${candidate} = ov.merchant_id THEN 'manual-override'
          WHEN ov.decision = 'merchant' THEN 'override-merchant-not-found'
          ELSE ${computedRule} END`,
    source: `CASE WHEN ov.decision IS NULL THEN 'computed' WHEN ov.decision = 'merchant' THEN 'override'
          ELSE 'rejected' END`,
  };
}

/** MATCHED from the ruleset's matchedFrom level up, unless a person rejected the match. */
const matchStatusSql = (ruleset: ConfidenceRuleset, confidence: string, source: string) =>
  `CASE WHEN ${RANK_SQL(confidence)} >= ${LEVEL_RANK[ruleset.matchedFrom]} AND ${source} <> 'rejected'
        THEN 'MATCHED' ELSE 'UNMATCHED' END`;

/**
 * The columns a ruleset's rules and caps and its thresholds read (the evidence columns, match
 * weight among them), kept unrounded per supplier in `decision_inputs` with whether the supplier
 * had a best candidate and the fallback country it was matched with: a dry-run of a draft that
 * changes only how levels are decided recomputes them from these (issue 20).
 */
const DECISION_INPUT_COLUMNS = [...new Set(Object.values(EVIDENCE_COLUMNS))];

/**
 * The output query: level, status, merchant attributes and evidence per supplier. With the match
 * model the merchant is an entity: its acceptance flags are the union of its records' (any card
 * feed that saw it accept cards), data level and last transaction the best of them.
 *
 * Not sorted: the suppliers' file, in key order, streams through hash tables of the candidates
 * and the merchants, and each thread writes what it read, so rows come in about the file's order
 * and a row group's keys stay a narrow range (what a lookup by key skips groups by). Readers
 * join by key or sort. Sorting every row with its evidence was 0.6 s of this statement's 2.4 s
 * at 100,000 suppliers (docs/perf/matching.md, "The output unsorted").
 */
function decideSql(input: MatchSuppliersInput, parameters: string | undefined): string {
  const { ruleset } = input;
  const computed = computedLevelSql(ruleset);
  const decided = decisionSql('b.computed_level', 'b.computed_rule', 'b.merchant_id');
  const fields = (Object.keys(MATCH_EVIDENCE_FIELDS) as MatchEvidenceField[])
    .map((f) => {
      const c = EVIDENCE_COLUMNS[f];
      const kind = MATCH_EVIDENCE_FIELDS[f].kind;
      return `"${f}" := ${kind === 'number' ? `round(d.${c}, 4)` : `d.${c}`}`;
    })
    .join(', ');
  const isModel = ruleset.method === 'model';
  const merchants = `read_parquet(${sqlString(input.reference.merchantsPath)})`;
  const entity = (column: string) =>
    isModel ? `coalesce(e.${column}, m.${column})` : `m.${column}`;
  const ifMatched = (expr: string) => `CASE WHEN d.match_status = 'MATCHED' THEN ${expr} END`;
  return `
    WITH b AS (
      SELECT *, ${computed.level} AS computed_level, ${computed.ruleId} AS computed_rule FROM ${BEST_TABLE}
    ), d AS (
      SELECT sup.supplier_key, sup.supplier_name, sup.address_line1, sup.city, sup.postcode,
        sup.country AS supplier_country, sup.tax_id, b.* EXCLUDE (supplier_key),
        ov.decision,
        ${decided.confidence} AS confidence,
        ${decided.ruleId} AS rule_id,
        ${decided.source} AS match_source
      FROM read_parquet(${sqlString(input.suppliersPath)}) sup
      -- Every best candidate has a merchant: the filter changes no row, but makes DuckDB build
      -- its hash tables on the candidates and the chosen merchants and stream the suppliers'
      -- file through them, so the evidence below is built on every core (read from the
      -- one-row-group candidates table, it ran on one).
      LEFT JOIN (SELECT * FROM b WHERE merchant_id IS NOT NULL) b USING (supplier_key)
      LEFT JOIN b2b_mo ov USING (supplier_key)
    ), s AS (
      SELECT d.*, ${matchStatusSql(ruleset, 'd.confidence', 'd.match_source')} AS match_status
      FROM d
    )${
      isModel
        ? `, e AS (
      SELECT i.entity_id, CAST(count(*) AS INTEGER) AS record_count,
        bool_or(r.accepts_card) AS accepts_card, bool_or(r.accepts_virtual_card) AS accepts_virtual_card,
        bool_or(r.stp_enrolled) AS stp_enrolled, max(r.data_level) AS data_level,
        max(r.last_transaction_date) AS last_transaction_date,
        list(DISTINCT r.merchant_name ORDER BY r.merchant_name)[1:10] AS descriptors
      FROM read_parquet(${sqlString(input.reference.indexPath)}) i
      JOIN ${merchants} r USING (merchant_id)
      WHERE i.entity_id IN (SELECT entity_id FROM ${BEST_TABLE} WHERE entity_records > 1)
      GROUP BY i.entity_id
    )`
        : ''
    }
    SELECT d.supplier_key, d.match_status, d.confidence, d.rule_id, d.match_source,
      ${ifMatched('d.merchant_id')} AS merchant_id,
      d.merchant_id AS candidate_merchant_id,
      round(d.match_score, 4) AS match_score,
      ${isModel ? 'round(d.match_weight, 3)' : 'CAST(NULL AS DOUBLE)'} AS match_weight,
      ${isModel ? 'round(d.match_score, 4)' : 'CAST(NULL AS DOUBLE)'} AS match_probability,
      ${isModel ? 'd.entity_id' : 'CAST(NULL AS VARCHAR)'} AS entity_id,
      coalesce(d.candidate_count, 0) AS candidate_count,
      coalesce(d.via_processor, false) AS via_processor,
      m.merchant_name, m.dba_name AS merchant_dba_name, m.country AS merchant_country,
      m.postcode AS merchant_postcode, m.mcc AS merchant_mcc,
      ${ifMatched(entity('accepts_card'))} AS accepts_card,
      ${ifMatched(entity('accepts_virtual_card'))} AS accepts_virtual_card,
      ${ifMatched(entity('stp_enrolled'))} AS stp_enrolled,
      ${ifMatched(entity('data_level'))} AS data_level,
      ${ifMatched(entity('last_transaction_date'))} AS last_transaction_date,
      ${ifMatched('m.network')} AS network,
      struct_pack(has_best := d.merchant_id IS NOT NULL,
        ${DECISION_INPUT_COLUMNS.map((c) => `${c} := d.${c}`).join(', ')},
        fallback_country := CAST(${input.fallbackCountryIso3 ? sqlString(input.fallbackCountryIso3) : 'NULL'} AS VARCHAR)
      ) AS decision_inputs,
      -- A struct column, not JSON text: serialising every supplier's evidence (about 2 KB each)
      -- was half of this statement at 100,000 suppliers, for a screen that shows one at a time
      -- and serialises just that one (docs/perf/matching.md, "Evidence kept as a struct").
      struct_pack(
        "level" := d.confidence, "matchStatus" := d.match_status, "source" := d.match_source,
        "ruleId" := d.rule_id, "merchantId" := d.merchant_id, "rulesetVersion" := ${ruleset.version},
        "fields" := struct_pack(${fields}),
        "compared" := struct_pack(
          "supplier" := struct_pack("name" := d.supplier_name, "normalisedName" := d.supplier_name_norm,
            "address" := d.address_line1, "city" := d.city, "postcode" := d.postcode,
            "country" := d.supplier_country, "taxId" := d.tax_id),
          "merchant" := struct_pack("name" := m.merchant_name, "dbaName" := m.dba_name,
            "normalisedName" := d.merchant_name_norm, "address" := m.address_line1, "city" := m.city,
            "postcode" := m.postcode, "country" := m.country, "taxId" := m.tax_id))${
              isModel
                ? `,
        "model" := CASE WHEN d.merchant_id IS NOT NULL THEN struct_pack(
          "priorWeight" := round(d.prior_weight, 3), "steps" := d.model_steps,
          "matchWeight" := round(d.match_weight, 3), "matchProbability" := round(d.match_score, 4),
          "parameters" := '${parameters}') END,
        "entity" := CASE WHEN d.entity_id IS NOT NULL THEN struct_pack(
          "entityId" := d.entity_id, "recordCount" := coalesce(e.record_count, 1),
          "descriptors" := coalesce(e.descriptors, [m.merchant_name])) END`
                : ''
            }
      ) AS evidence
    FROM s d
    LEFT JOIN ${CHOSEN_MERCHANTS_TABLE} m ON m.merchant_id = d.merchant_id
    ${isModel ? 'LEFT JOIN e ON e.entity_id = d.entity_id' : ''}`;
}

/**
 * A confidence dry-run from a job's stored matches (issue 20): the level, status and merchant of
 * every supplier decided again with `ruleset` from the kept `decision_inputs`, people's decisions
 * applied as the Match step applies them (`decisionSql`). Exact for a ruleset that differs from
 * the one the job was matched with only in how levels are decided (see `storedDecisionRefusal`);
 * writes supplier_key, match_status, confidence, match_source and merchant_id (what
 * `compareMatches` reads).
 */
export async function redecideStoredMatches(input: {
  db: EngineDb;
  matchesPath: string;
  ruleset: ConfidenceRuleset;
  overrides: MatchOverride[];
  outPath: string;
}): Promise<number> {
  const { db, ruleset } = input;
  await createOverridesTable(db, input.overrides);
  const computed = computedLevelSql(ruleset);
  const decided = decisionSql('b.computed_level', 'b.computed_rule', 'b.merchant_id');
  try {
    return await copyToParquet(
      db,
      `WITH inputs AS (
        SELECT supplier_key, candidate_merchant_id AS merchant_id, decision_inputs.has_best AS has_best,
          ${DECISION_INPUT_COLUMNS.map((c) => `decision_inputs.${c} AS ${c}`).join(', ')}
        FROM read_parquet(${sqlString(input.matchesPath)})
      ), b AS (
        SELECT supplier_key, merchant_id,
          CASE WHEN has_best THEN ${computed.level} END AS computed_level,
          CASE WHEN has_best THEN ${computed.ruleId} END AS computed_rule
        FROM inputs
      ), d AS (
        SELECT b.supplier_key, b.merchant_id, ${decided.confidence} AS confidence,
          ${decided.source} AS match_source
        FROM b LEFT JOIN b2b_mo ov USING (supplier_key)
      ), s AS (
        SELECT d.*, ${matchStatusSql(ruleset, 'd.confidence', 'd.match_source')} AS match_status FROM d
      )
      SELECT supplier_key, match_status, confidence, match_source,
        CASE WHEN match_status = 'MATCHED' THEN merchant_id END AS merchant_id
      FROM s ORDER BY supplier_key`,
      input.outPath,
      { rowGroupSize: SUPPLIER_FILE_ROW_GROUP_SIZE },
    );
  } finally {
    await db.run('DROP TABLE IF EXISTS b2b_mo');
  }
}

/**
 * Whether a job's stored matches can stand in for matching it again (null) or why not: they
 * keep `decision_inputs` (matched since they were kept), were matched with the same fallback
 * country, and with the people's decisions the job has now (a decision changes the candidates
 * and the fitted model, and the Match step runs again after each).
 */
export async function storedMatchesRefusal(
  db: EngineDb,
  input: { matchesPath: string; overrides: MatchOverride[]; fallbackCountryIso3?: string },
): Promise<string | null> {
  const source = `read_parquet(${sqlString(input.matchesPath)})`;
  const columns = await db.all<{ column_name: string }>(`DESCRIBE SELECT * FROM ${source}`);
  if (!columns.some((c) => c.column_name === 'decision_inputs'))
    return 'the stored matches predate the kept decision inputs';
  await createOverridesTable(db, input.overrides);
  try {
    const fallback = input.fallbackCountryIso3 ? sqlString(input.fallbackCountryIso3) : 'NULL';
    const differs = await db.one<{ country: number; decisions: number }>(
      `SELECT
         CAST(count(*) FILTER (WHERE decision_inputs.fallback_country IS DISTINCT FROM ${fallback}) AS INTEGER) AS country,
         CAST(count(*) FILTER (WHERE m.match_source IS DISTINCT FROM CASE WHEN ov.decision IS NULL THEN 'computed'
             WHEN ov.decision = 'merchant' THEN 'override' ELSE 'rejected' END
           OR (ov.decision = 'merchant' AND m.candidate_merchant_id IS DISTINCT FROM ov.merchant_id)) AS INTEGER) AS decisions
       FROM ${source} m LEFT JOIN b2b_mo ov USING (supplier_key)`,
    );
    // A decision on a supplier key the stored matches lack also differs.
    const unknown = await db.one<{ n: number }>(
      `SELECT CAST(count(*) AS INTEGER) AS n FROM b2b_mo WHERE supplier_key NOT IN (SELECT supplier_key FROM ${source})`,
    );
    if (differs?.country) return "the issuer's fallback country changed since the job was matched";
    if (differs?.decisions || unknown?.n)
      return "people's match decisions changed since the job was matched";
    return null;
  } finally {
    await db.run('DROP TABLE IF EXISTS b2b_mo');
  }
}
