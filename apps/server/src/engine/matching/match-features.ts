import type { ConfidenceRuleset } from '@b2b/contract';
import { sqlString, type EngineDb } from '../duckdb.js';
import type { ReferenceVersion } from '../reference-data/reference-version.js';
import { CANDIDATES_TABLE, SUPPLIERS_TABLE } from './match-candidates.js';
import { tokenScoreSql } from './token-score-sql.js';

/** The best candidate per supplier with every evidence field. */
export const BEST_TABLE = 'b2b_mb';

/** Candidates whose quick name similarity is below this are dropped (unless tax id, postcode
 * or an override ties them to the supplier): none of the confidence rules could use them. */
const QUICK_NAME_FLOOR = 0.7;

const jw = (a: string, b: string) => `jaro_winkler_similarity(${a}, ${b})`;
const both = (a: string, b: string) => `(${a} IS NOT NULL AND ${b} IS NOT NULL)`;

/**
 * Scores candidate pairs in two passes. A quick pass (Jaro-Winkler of the normalised name, its
 * sorted tokens and the DBA name, tax-id and postcode equality) keeps the `maxCandidatesPerSupplier` best of each
 * supplier among those with a quick name similarity of at least 0.7, an equal tax id or
 * postcode; overrides always stay. Those get the full evidence: weighted token-set name score
 * (against the name and the DBA name), similarity of the names without spaces (0.95 when the
 * supplier's is a truncation of the merchant's), address and city similarity, postcode and
 * postcode-area equality, tax-id equality, and a weighted match score that ranks them.
 * The name score is the best of the token scores and the compact similarity when ≥ 0.95.
 * Creates `b2b_mb`: the best candidate per supplier, its lead over the runner-up and how many
 * candidates the blocks gave.
 */
export async function scoreCandidates(
  db: EngineDb,
  reference: ReferenceVersion,
  ruleset: ConfidenceRuleset,
): Promise<void> {
  const index = `read_parquet(${sqlString(reference.indexPath)})`;
  const k = ruleset.blocking.maxCandidatesPerSupplier;
  const w = ruleset.weights;
  // Narrow first pass: only the columns the quick score needs, then the floor, then top K.
  await db.run(`CREATE OR REPLACE TEMP TABLE b2b_mq AS
    WITH counted AS (
      SELECT supplier_key, CAST(count(*) AS INTEGER) AS candidate_count FROM ${CANDIDATES_TABLE} GROUP BY ALL
    ), pairs AS (
      SELECT c.supplier_key, c.merchant_id, c.forced,
        greatest(${jw('s.name_norm', 'm.name_norm')}, ${jw('s.name_key', 'm.name_key')},
          coalesce(${jw('s.name_norm', 'm.dba_norm')}, 0)) AS quick_name,
        coalesce(m.tax_norm = s.tax_norm OR m.tax_norm = s.company_norm, false) AS quick_tax,
        coalesce(m.postcode_norm = s.postcode_norm, false) AS quick_postcode
      FROM ${CANDIDATES_TABLE} c
      JOIN ${SUPPLIERS_TABLE} s USING (supplier_key)
      JOIN (SELECT merchant_id, name_norm, name_key, dba_norm, tax_norm, postcode_norm FROM ${index}) m
        USING (merchant_id)
    )
    SELECT p.supplier_key, p.merchant_id, p.forced, counted.candidate_count
    FROM pairs p JOIN counted USING (supplier_key)
    WHERE p.forced OR p.quick_tax OR p.quick_postcode OR p.quick_name >= ${QUICK_NAME_FLOOR}
    QUALIFY row_number() OVER (PARTITION BY p.supplier_key ORDER BY p.forced DESC, p.quick_tax DESC,
      p.quick_name + CASE WHEN p.quick_postcode THEN 0.05 ELSE 0 END DESC, p.merchant_id) <= ${k}`);
  // Then the merchant columns the detailed pass needs, for the kept pairs only.
  await db.run(`CREATE OR REPLACE TEMP TABLE b2b_mk AS
    SELECT q.supplier_key, q.forced, q.candidate_count, m.*
    FROM b2b_mq q
    JOIN (SELECT merchant_id, country, name_norm, dba_norm, name_key, name_compact, name_tokens,
            dba_tokens, address_norm, city_norm, postcode_norm, postcode_area, tax_norm, name_count
          FROM ${index}) m USING (merchant_id)`);
  await db.run(`CREATE OR REPLACE TEMP TABLE b2b_country_n AS
    SELECT country, CAST(count(*) AS DOUBLE) AS n FROM ${index} GROUP BY country`);
  const tokenScore = (tokens: string) =>
    tokenScoreSql({
      pairs: 'b2b_mk',
      suppliers: SUPPLIERS_TABLE,
      merchantTokens: tokens,
      tokenStatsPath: reference.tokenStatsPath,
      countryCounts: 'b2b_country_n',
    });
  await db.run(`CREATE OR REPLACE TEMP TABLE b2b_mf AS
    WITH pairs AS (
      SELECT m.supplier_key, m.merchant_id, m.forced, m.candidate_count, m.name_count AS same_name_count,
        s.name_norm AS supplier_name_norm, m.name_norm AS merchant_name_norm, s.via_processor,
        greatest(${jw('s.name_norm', 'm.name_norm')}, ${jw('s.name_key', 'm.name_key')}) AS name_jw,
        nt.score AS name_token_score,
        CASE WHEN m.dba_norm IS NOT NULL THEN coalesce(dt.score, 0) END AS dba_score,
        b2b_compact_similarity(s.name_compact, m.name_compact) AS compact_similarity,
        b2b_compact_similarity(s.name_compact, b2b_compact(m.dba_norm)) AS dba_compact_similarity,
        CASE WHEN ${both('s.address_norm', 'm.address_norm')} THEN ${jw('s.address_norm', 'm.address_norm')} END AS address_score,
        CASE WHEN ${both('s.city_norm', 'm.city_norm')} THEN ${jw('s.city_norm', 'm.city_norm')} END AS city_score,
        CASE WHEN ${both('s.postcode_norm', 'm.postcode_norm')} THEN s.postcode_norm = m.postcode_norm END AS postcode_match,
        CASE WHEN ${both('s.postcode_area', 'm.postcode_area')} THEN s.postcode_area = m.postcode_area END AS postcode_area_match,
        CASE WHEN m.tax_norm IS NULL THEN NULL
          WHEN m.tax_norm = s.tax_norm OR m.tax_norm = s.company_norm THEN true
          WHEN s.tax_norm IS NOT NULL THEN false END AS tax_match
      FROM b2b_mk m
      JOIN ${SUPPLIERS_TABLE} s USING (supplier_key)
      LEFT JOIN (${tokenScore('name_tokens')}) nt USING (supplier_key, merchant_id)
      LEFT JOIN (${tokenScore('dba_tokens')}) dt USING (supplier_key, merchant_id)
    ), named AS (
      SELECT *, greatest(coalesce(name_token_score, 0), coalesce(dba_score, 0) * 0.98,
        CASE WHEN compact_similarity >= 0.95 THEN compact_similarity ELSE 0 END,
        CASE WHEN dba_compact_similarity >= 0.95 THEN dba_compact_similarity * 0.98 ELSE 0 END) AS name_score
      FROM pairs
    )
    SELECT *,
      (${w.name} * name_score
        + CASE WHEN address_score IS NOT NULL THEN ${w.address} * address_score ELSE 0 END
        + CASE WHEN city_score IS NOT NULL THEN ${w.city} * city_score ELSE 0 END
        + CASE WHEN postcode_match THEN ${w.postcode} WHEN postcode_area_match THEN ${w.postcode} * 0.5 ELSE 0 END
        + CASE WHEN tax_match THEN ${w.taxId} ELSE 0 END)
      / (${w.name}
        + CASE WHEN address_score IS NOT NULL THEN ${w.address} ELSE 0 END
        + CASE WHEN city_score IS NOT NULL THEN ${w.city} ELSE 0 END
        + CASE WHEN postcode_match IS NOT NULL THEN ${w.postcode} ELSE 0 END
        + CASE WHEN tax_match IS NOT NULL THEN ${w.taxId} ELSE 0 END) AS match_score
    FROM named`);
  const order = 'forced DESC, match_score DESC NULLS LAST, merchant_id';
  await db.run(`CREATE OR REPLACE TEMP TABLE ${BEST_TABLE} AS
    SELECT * EXCLUDE (rank_in_supplier, next_score),
      coalesce(match_score - next_score, 1.0) AS runner_up_gap
    FROM (
      SELECT *,
        row_number() OVER (PARTITION BY supplier_key ORDER BY ${order}) AS rank_in_supplier,
        lead(match_score) OVER (PARTITION BY supplier_key ORDER BY ${order}) AS next_score
      FROM b2b_mf
    ) WHERE rank_in_supplier = 1`);
  await db.run(
    'DROP TABLE IF EXISTS b2b_mq; DROP TABLE IF EXISTS b2b_mk; DROP TABLE IF EXISTS b2b_mf; DROP TABLE IF EXISTS b2b_country_n;',
  );
}
