import {
  MATCH_EVIDENCE_FIELDS,
  type ConfidenceRuleset,
  type Level,
  type MatchEvidenceField,
  type MatchOverride,
} from '@b2b/contract';
import { copyToParquet, sqlString, type EngineDb } from '../duckdb.js';
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
  FEATURES_TABLE,
  keepLikelyCandidates,
  pickBestByScore,
} from './match-features.js';
import { modelLevelSql, pickBestByWeight } from './match-model.js';
import { installNormaliseMacros } from './normalise-sql.js';

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
    await comparePairs(db, reference, 'b2b_mq', FEATURES_TABLE);
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
    const supplierCount = await copyToParquet(
      db,
      decideSql(input, model?.parameters),
      input.outPath,
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
      DROP TABLE IF EXISTS b2b_mq; DROP TABLE IF EXISTS b2b_mo;`);
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

/**
 * The output query: level, status, merchant attributes and evidence per supplier. With the match
 * model the merchant is an entity: its acceptance flags are the union of its records' (any card
 * feed that saw it accept cards), data level and last transaction the best of them.
 */
function decideSql(input: MatchSuppliersInput, parameters: string | undefined): string {
  const { ruleset } = input;
  const computed = computedLevelSql(ruleset);
  const matchedRank = LEVEL_RANK[ruleset.matchedFrom];
  const rank = (v: string) =>
    `CASE ${v} WHEN 'High' THEN 3 WHEN 'Medium' THEN 2 WHEN 'Low' THEN 1 ELSE 0 END`;
  const fields = (Object.keys(MATCH_EVIDENCE_FIELDS) as MatchEvidenceField[])
    .map((f) => {
      const c = EVIDENCE_COLUMNS[f];
      const kind = MATCH_EVIDENCE_FIELDS[f].kind;
      return `'${f}', ${kind === 'number' ? `round(d.${c}, 4)` : `d.${c}`}`;
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
        CASE WHEN ov.decision = 'rejected' THEN 'None'
          WHEN ov.decision = 'merchant' AND b.merchant_id = ov.merchant_id THEN 'High'
          WHEN ov.decision = 'merchant' THEN 'None'
          ELSE coalesce(b.computed_level, 'None') END AS confidence,
        CASE WHEN ov.decision = 'rejected' THEN 'manual-rejection'
          WHEN ov.decision = 'merchant' AND b.merchant_id = ov.merchant_id THEN 'manual-override'
          WHEN ov.decision = 'merchant' THEN 'override-merchant-not-found'
          ELSE b.computed_rule END AS rule_id,
        CASE WHEN ov.decision IS NULL THEN 'computed' WHEN ov.decision = 'merchant' THEN 'override'
          ELSE 'rejected' END AS match_source
      FROM read_parquet(${sqlString(input.suppliersPath)}) sup
      LEFT JOIN b USING (supplier_key)
      LEFT JOIN b2b_mo ov USING (supplier_key)
    ), s AS (
      SELECT d.*, CASE WHEN ${rank('d.confidence')} >= ${matchedRank} AND d.match_source <> 'rejected'
        THEN 'MATCHED' ELSE 'UNMATCHED' END AS match_status
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
      json_object(
        'level', d.confidence, 'matchStatus', d.match_status, 'source', d.match_source,
        'ruleId', d.rule_id, 'merchantId', d.merchant_id, 'rulesetVersion', ${ruleset.version},
        'fields', json_object(${fields}),
        'compared', json_object(
          'supplier', json_object('name', d.supplier_name, 'normalisedName', d.supplier_name_norm,
            'address', d.address_line1, 'city', d.city, 'postcode', d.postcode,
            'country', d.supplier_country, 'taxId', d.tax_id),
          'merchant', json_object('name', m.merchant_name, 'dbaName', m.dba_name,
            'normalisedName', d.merchant_name_norm, 'address', m.address_line1, 'city', m.city,
            'postcode', m.postcode, 'country', m.country, 'taxId', m.tax_id))${
              isModel
                ? `,
        'model', CASE WHEN d.merchant_id IS NOT NULL THEN json_object(
          'priorWeight', round(d.prior_weight, 3), 'steps', to_json(d.model_steps),
          'matchWeight', round(d.match_weight, 3), 'matchProbability', round(d.match_score, 4),
          'parameters', '${parameters}') END,
        'entity', CASE WHEN d.entity_id IS NOT NULL THEN json_object(
          'entityId', d.entity_id, 'recordCount', coalesce(e.record_count, 1),
          'descriptors', coalesce(e.descriptors, [m.merchant_name])) END`
                : ''
            }
      )::VARCHAR AS evidence
    FROM s d
    LEFT JOIN ${merchants} m ON m.merchant_id = d.merchant_id
    ${isModel ? 'LEFT JOIN e ON e.entity_id = d.entity_id' : ''}
    ORDER BY d.supplier_key`;
}
