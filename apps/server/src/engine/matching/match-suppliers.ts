import {
  MATCH_EVIDENCE_FIELDS,
  type ConfidenceRuleset,
  type Level,
  type MatchEvidenceField,
  type MatchOverride,
} from '@b2b/contract';
import { copyToParquet, sqlString, type EngineDb } from '../duckdb.js';
import type { ReferenceVersion } from '../reference-data/reference-version.js';
import { confidenceSql, EVIDENCE_COLUMNS, LEVEL_RANK } from './confidence-ruleset.js';
import {
  CANDIDATES_TABLE,
  generateCandidates,
  prepareSuppliersForMatching,
  SUPPLIERS_TABLE,
} from './match-candidates.js';
import { BEST_TABLE, scoreCandidates } from './match-features.js';
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
  stepMs: Record<'normalise' | 'block' | 'score' | 'decide', number>;
}

/**
 * Matches every supplier against a reference data version: normalise, block, score candidates,
 * apply the confidence ruleset, then people's overrides. Writes one row per supplier (matched or
 * not) with the merchant's acceptance attributes and the evidence JSON (`MatchEvidence`).
 */
export async function matchSuppliers(input: MatchSuppliersInput): Promise<MatchSuppliersResult> {
  const { db, ruleset, reference } = input;
  const overrides = input.overrides ?? [];
  const stepMs = { normalise: 0, block: 0, score: 0, decide: 0 };
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
    await scoreCandidates(db, reference, ruleset);
    lap('score');
    await createOverridesTable(db, overrides);
    const supplierCount = await copyToParquet(db, decideSql(input), input.outPath);
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
      stepMs,
    };
  } finally {
    await db.run(`DROP TABLE IF EXISTS ${SUPPLIERS_TABLE}; DROP TABLE IF EXISTS ${CANDIDATES_TABLE};
      DROP TABLE IF EXISTS ${BEST_TABLE}; DROP TABLE IF EXISTS b2b_mo;`);
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

/** The output query: level, status, merchant attributes and evidence per supplier. */
function decideSql(input: MatchSuppliersInput): string {
  const { ruleset } = input;
  const computed = confidenceSql(ruleset);
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
    )
    SELECT d.supplier_key, d.match_status, d.confidence, d.rule_id, d.match_source,
      CASE WHEN d.match_status = 'MATCHED' THEN d.merchant_id END AS merchant_id,
      d.merchant_id AS candidate_merchant_id,
      round(d.match_score, 4) AS match_score, CAST(NULL AS DOUBLE) AS match_weight,
      CAST(NULL AS DOUBLE) AS match_probability, CAST(NULL AS VARCHAR) AS entity_id,
      coalesce(d.candidate_count, 0) AS candidate_count,
      coalesce(d.via_processor, false) AS via_processor,
      m.merchant_name, m.dba_name AS merchant_dba_name, m.country AS merchant_country,
      m.postcode AS merchant_postcode, m.mcc AS merchant_mcc,
      CASE WHEN d.match_status = 'MATCHED' THEN m.accepts_card END AS accepts_card,
      CASE WHEN d.match_status = 'MATCHED' THEN m.accepts_virtual_card END AS accepts_virtual_card,
      CASE WHEN d.match_status = 'MATCHED' THEN m.stp_enrolled END AS stp_enrolled,
      CASE WHEN d.match_status = 'MATCHED' THEN m.data_level END AS data_level,
      CASE WHEN d.match_status = 'MATCHED' THEN m.last_transaction_date END AS last_transaction_date,
      CASE WHEN d.match_status = 'MATCHED' THEN m.network END AS network,
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
            'postcode', m.postcode, 'country', m.country, 'taxId', m.tax_id))
      )::VARCHAR AS evidence
    FROM s d
    LEFT JOIN read_parquet(${sqlString(input.reference.merchantsPath)}) m ON m.merchant_id = d.merchant_id
    ORDER BY d.supplier_key`;
}
