import type { ConfidenceRuleset } from '@b2b/contract';
import { sqlString, type EngineDb } from '../duckdb.js';
import { mccGroupSql } from '../reference-data/mcc.js';
import type { ReferenceVersion } from '../reference-data/reference-version.js';
import { CANDIDATES_TABLE, SUPPLIERS_TABLE } from './match-candidates.js';
import { MIN_CUT_COMPACT, mayBeCutSql } from './merchant-entities.js';
import { tokenScoreSql } from './token-score-sql.js';

/** The kept candidate pairs with every comparison (`comparePairs` on the quick pass's pairs). */
export const FEATURES_TABLE = 'b2b_mf';
/** The best candidate per supplier with every evidence field. */
export const BEST_TABLE = 'b2b_mb';
/** Records and merchant entities per country of the reference (`countReferenceByCountry`). */
export const COUNTRY_COUNTS_TABLE = 'b2b_country_n';

/**
 * Creates `b2b_country_n` (country, n records, entities), which `comparePairs` reads: counted
 * once per match, not once per set of compared pairs (the candidates', then the random pairs').
 */
export async function countReferenceByCountry(
  db: EngineDb,
  reference: ReferenceVersion,
): Promise<void> {
  await db.run(`CREATE OR REPLACE TEMP TABLE ${COUNTRY_COUNTS_TABLE} AS
    SELECT country, CAST(count(*) AS DOUBLE) AS n, CAST(count(DISTINCT entity_id) AS DOUBLE) AS entities
    FROM read_parquet(${sqlString(reference.indexPath)}) GROUP BY country`);
}

/** Candidates whose quick name similarity is below this are dropped (unless tax id, postcode
 * or an override ties them to the supplier): no comparison level above "different" could hold. */
const QUICK_NAME_FLOOR = 0.7;
/** What the same town or postcode adds to the quick name similarity: more than a cut or
 * misspelt name loses against the exact name (≈ 0.05), so the record in the supplier's town is
 * kept before exact namesakes elsewhere, but less than a different name loses. */
const QUICK_PLACE_BONUS = 0.1;
/**
 * A record whose name ends in the supplier's legal form (or, like the supplier's, in none) goes
 * before a namesake that differs in it: a tie-break among equal names, below any real
 * difference in similarity.
 */
const QUICK_FORM_BONUS = 0.01;
/** A street line this similar places the record like the same town does when the file gives
 * the street without the town (with a town, the town decides: "12 High Street" is in every town). */
const QUICK_ADDRESS_FLOOR = 0.9;

const jw = (a: string, b: string) => `jaro_winkler_similarity(${a}, ${b})`;
const both = (a: string, b: string) => `(${a} IS NOT NULL AND ${b} IS NOT NULL)`;

/**
 * The quick pass: Jaro-Winkler of the normalised name and the DBA name, and
 * tax-id, postcode and town (or street) equality keep the `maxCandidatesPerSupplier` best of each supplier
 * among those with a quick name similarity of at least 0.7, an equal tax id or postcode;
 * overrides always stay. The town (or street) and postcode lift a record above namesakes elsewhere: a school
 * or shop name that card data holds in dozens of towns would otherwise keep the first few by id
 * (or the exact names) and drop the one in the supplier's town, often a cut descriptor. For a
 * supplier whose file gave no country, the job's country lifts a record the same way. Creates
 * `b2b_mq` (supplier_key, supplier_no, merchant_id, merchant_no, forced, candidate_count).
 *
 * The names' sorted tokens and their forms without spaces count here only when equal (the same
 * words in another order, or run together); their similarities are compared for the kept pairs
 * (`comparePairs`). Computed here, each cost as much as the name's own (about 0.45 s for
 * 2,000,000 pairs) and kept the same candidates (docs/perf/matching.md).
 */
export async function keepLikelyCandidates(
  db: EngineDb,
  reference: ReferenceVersion,
  ruleset: ConfidenceRuleset,
): Promise<void> {
  const index = `read_parquet(${sqlString(reference.indexPath)})`;
  const k = ruleset.blocking.maxCandidatesPerSupplier;
  // The similarities are a materialised CTE, each computed once: filtered in the same query
  // block, the filter was pushed below them and every kept pair's computed twice. A CTE rather
  // than a table of their own: appending the millions of pairs to a table cost about 0.2 s more
  // at 100,000 suppliers × 1,000,000 records.
  await db.run(`CREATE OR REPLACE TEMP TABLE b2b_mq AS
    WITH quick AS MATERIALIZED (
    SELECT c.supplier_no, c.merchant_no, c.forced,
      -- Equal names first: their similarity is 1 without computing it (the exact-name block
      -- alone gives an eighth of the pairs).
      CASE WHEN s.name_norm = m.name_norm OR s.name_norm = m.dba_norm OR s.name_key = m.name_key
          OR s.name_compact = m.name_compact THEN 1.0
        ELSE greatest(${jw('s.name_norm', 'm.name_norm')}, coalesce(${jw('s.name_norm', 'm.dba_norm')}, 0))
        END AS quick_name,
      m.country = s.country AS quick_home,
      m.legal_form IS NOT DISTINCT FROM s.legal_form AS quick_form,
      coalesce(m.tax_norm = s.tax_norm OR m.tax_norm = s.company_norm, false) AS quick_tax,
      coalesce(m.postcode_norm = s.postcode_norm, false) AS quick_postcode,
      -- A CASE, not OR / AND: DuckDB evaluates every operand of OR and AND on every row, so
      -- the streets were compared for every pair that had both, a town or not.
      CASE WHEN m.city_norm = s.city_norm THEN true
        WHEN s.city_norm IS NULL AND ${both('s.address_norm', 'm.address_norm')}
          THEN ${jw('s.address_norm', 'm.address_norm')} >= ${QUICK_ADDRESS_FLOOR}
        ELSE false END AS quick_city
    FROM ${CANDIDATES_TABLE} c
    JOIN ${SUPPLIERS_TABLE} s USING (supplier_no)
    JOIN (SELECT merchant_no, country, name_norm, name_key, name_compact, dba_norm,
            tax_norm, postcode_norm, city_norm, address_norm, legal_form
          FROM ${index}) m
      USING (merchant_no)
    ), counted AS (
      SELECT supplier_no, CAST(count(*) AS INTEGER) AS candidate_count FROM quick GROUP BY ALL
    ), kept AS (
      SELECT p.supplier_no, p.merchant_no, p.forced
      FROM quick p
      WHERE p.forced OR p.quick_tax OR p.quick_postcode OR p.quick_name >= ${QUICK_NAME_FLOOR}
      QUALIFY row_number() OVER (PARTITION BY p.supplier_no ORDER BY p.forced DESC, p.quick_tax DESC,
        p.quick_name + CASE WHEN p.quick_postcode THEN ${QUICK_PLACE_BONUS} ELSE 0 END
          + CASE WHEN p.quick_city THEN ${QUICK_PLACE_BONUS} ELSE 0 END
          + CASE WHEN p.quick_home THEN ${QUICK_PLACE_BONUS} ELSE 0 END
          + CASE WHEN p.quick_form THEN ${QUICK_FORM_BONUS} ELSE 0 END DESC, p.merchant_no) <= ${k}
    )
    SELECT s.supplier_key, k.supplier_no, m.merchant_id, k.merchant_no, k.forced,
      counted.candidate_count
    FROM kept k JOIN counted USING (supplier_no) JOIN ${SUPPLIERS_TABLE} s USING (supplier_no)
    JOIN (SELECT merchant_no, merchant_id FROM ${index}) m USING (merchant_no)`);
}

/**
 * Compares the pairs of `pairs` (supplier_key, supplier_no, merchant_id, merchant_no, forced,
 * candidate_count) field by field and creates `out`: weighted token-set name score (against the
 * name and the DBA name), similarity of the names without spaces, whether the names are equal
 * after normalisation or one is a card descriptor cut short of the other, address and city
 * similarity, postcode and postcode-area equality, tax-id, country (or, when the file gave none,
 * the job's country), MCC and legal-form agreement, and the merchant's entity with how many
 * entities of the country share its name. The name score is the best of the token scores and
 * the compact similarity when ≥ 0.95. Reads `b2b_country_n` (`countReferenceByCountry`), and
 * the merchants' fields from the match index (or `merchantsPath`, rows of it that hold every
 * merchant of the pairs: the index's sample for the model's random pairs).
 */
export async function comparePairs(
  db: EngineDb,
  reference: ReferenceVersion,
  pairs: string,
  out: string,
  merchantsPath = reference.indexPath,
): Promise<void> {
  const index = `read_parquet(${sqlString(merchantsPath)})`;
  // Whether the names (or the supplier's name and the DBA name) are equal: their token score is
  // then 1 without pairing their tokens (a third of the kept pairs at 100,000 × 1,000,000).
  await db.run(`CREATE OR REPLACE TEMP TABLE b2b_mk AS
    SELECT q.supplier_key, q.supplier_no, q.forced, q.candidate_count, m.*,
      coalesce(m.name_norm = s.name_norm, false) AS name_equal,
      coalesce(m.dba_norm = s.name_norm, false) AS dba_equal
    FROM ${pairs} q
    JOIN (SELECT merchant_no, merchant_id, country, name_norm, dba_norm, name_key, name_compact, name_tokens,
            dba_tokens, address_norm, city_norm, postcode_norm, postcode_area, tax_norm, name_count,
            mcc, descriptor_len, name_complete, legal_form, via_processor AS merchant_via_processor,
            entity_id, entity_name_count, entity_records
          FROM ${index}) m USING (merchant_no)
    JOIN (SELECT supplier_no, name_norm FROM ${SUPPLIERS_TABLE}) s USING (supplier_no)`);
  const tokenScore = (tokens: string, equal: string) =>
    tokenScoreSql({
      pairs: 'b2b_mk',
      pairsCompared: `NOT ${equal}`,
      suppliers: SUPPLIERS_TABLE,
      merchantTokens: tokens,
      merchantMayBeCut: mayBeCutSql(),
      tokenStatsPath: reference.tokenStatsPath,
      countryCounts: COUNTRY_COUNTS_TABLE,
    });
  // A name cut short: a descriptor's length, no complete legal form at its end (a cut name
  // loses it), and at least half of the longer name.
  const cut = (side: 's' | 'm', other: 's' | 'm') =>
    `(${mayBeCutSql(side === 'm' ? 'm.descriptor_len' : 's.name_length', `${side}.name_complete`)}
      AND length(${side}.name_compact) >= ${MIN_CUT_COMPACT}
      AND length(${other}.name_compact) > length(${side}.name_compact)
      AND length(${side}.name_compact) * 2 >= length(${other}.name_compact)
      AND starts_with(${other}.name_compact, ${side}.name_compact))`;
  await db.run(`CREATE OR REPLACE TEMP TABLE ${out} AS
    WITH pairs AS (
      SELECT m.supplier_key, m.supplier_no, m.merchant_id, m.merchant_no, m.forced, m.candidate_count, m.name_count AS same_name_count,
        m.entity_id, m.entity_name_count, m.entity_records, cn.entities AS country_entities,
        m.mcc AS entity_mcc,
        s.name_norm AS supplier_name_norm, m.name_norm AS merchant_name_norm, s.via_processor,
        m.name_equal OR m.dba_equal AS name_exact,
        (${cut('m', 's')} OR ${cut('s', 'm')}) AS name_cut,
        greatest(${jw('s.name_norm', 'm.name_norm')}, ${jw('s.name_key', 'm.name_key')}) AS name_jw,
        CASE WHEN m.name_equal THEN 1.0 ELSE nt.score END AS name_token_score,
        CASE WHEN m.dba_equal THEN 1.0 WHEN m.dba_norm IS NOT NULL THEN coalesce(dt.score, 0) END AS dba_score,
        b2b_compact_similarity(s.name_compact, m.name_compact) AS compact_similarity,
        b2b_compact_similarity(s.name_compact, b2b_compact(m.dba_norm)) AS dba_compact_similarity,
        CASE WHEN ${both('s.address_norm', 'm.address_norm')} THEN ${jw('s.address_norm', 'm.address_norm')} END AS address_score,
        CASE WHEN ${both('s.city_norm', 'm.city_norm')} THEN ${jw('s.city_norm', 'm.city_norm')} END AS city_score,
        CASE WHEN ${both('s.postcode_norm', 'm.postcode_norm')} THEN s.postcode_norm = m.postcode_norm END AS postcode_match,
        CASE WHEN ${both('s.postcode_area', 'm.postcode_area')} THEN s.postcode_area = m.postcode_area END AS postcode_area_match,
        CASE WHEN m.tax_norm IS NULL THEN NULL
          WHEN m.tax_norm = s.tax_norm OR m.tax_norm = s.company_norm THEN true
          WHEN s.tax_norm IS NOT NULL THEN false END AS tax_match,
        CASE WHEN NOT s.country_missing THEN s.country = m.country END AS country_match,
        CASE WHEN s.country_missing AND s.country IS NOT NULL THEN s.country = m.country END AS job_country_match,
        CASE WHEN ${both('s.mcc', 'm.mcc')} THEN
          CASE WHEN s.mcc = m.mcc THEN 'equal' WHEN s.mcc_group = ${mccGroupSql('m.mcc')} THEN 'group' ELSE 'different' END
        END AS mcc_agreement,
        ${legalFormAgreementSql('s', 'm')} AS legal_form_agreement
      FROM b2b_mk m
      JOIN ${SUPPLIERS_TABLE} s ON s.supplier_no = m.supplier_no
      LEFT JOIN ${COUNTRY_COUNTS_TABLE} cn ON cn.country = m.country
      LEFT JOIN (${tokenScore('name_tokens', 'name_equal')}) nt
        ON nt.supplier_no = m.supplier_no AND nt.merchant_no = m.merchant_no
      LEFT JOIN (${tokenScore('dba_tokens', 'dba_equal')}) dt
        ON dt.supplier_no = m.supplier_no AND dt.merchant_no = m.merchant_no
    )
    SELECT *, greatest(coalesce(name_token_score, 0), coalesce(dba_score, 0) * 0.98,
        CASE WHEN compact_similarity >= 0.95 THEN compact_similarity ELSE 0 END,
        CASE WHEN dba_compact_similarity >= 0.95 THEN dba_compact_similarity * 0.98 ELSE 0 END) AS name_score
    FROM pairs`);
  await db.run('DROP TABLE IF EXISTS b2b_mk');
}

/**
 * How the names' legal forms compare: the same, different, or only one name gives one. Not
 * compared (NULL) when neither gives one (most card descriptors and many AP names: no evidence
 * either way), when only one does and the merchant's record may be a descriptor cut short (the
 * cut took the form with it: "KESTREL VALLEY GARDEN C"), or either name is a payment
 * processor's descriptor ("IZ *HAMMOND INN"): processors write the shop's name without it.
 */
function legalFormAgreementSql(s: string, m: string): string {
  return `CASE
    WHEN ${m}.legal_form IS NOT NULL AND ${s}.legal_form IS NOT NULL
      THEN CASE WHEN ${m}.legal_form = ${s}.legal_form THEN 'equal' ELSE 'different' END
    WHEN ${mayBeCutSql(`${m}.descriptor_len`, `${m}.name_complete`)} THEN NULL
    WHEN coalesce(${m}.merchant_via_processor OR ${s}.via_processor, false) THEN NULL
    WHEN ${m}.legal_form IS NULL AND ${s}.legal_form IS NULL THEN NULL
    ELSE 'oneSide' END`;
}

/**
 * Rule rulesets (version 1's way): ranks each supplier's compared candidates by a weighted match
 * score and creates `b2b_mb` with the best one, its lead over the runner-up and how many
 * candidates the blocks gave.
 */
export async function pickBestByScore(db: EngineDb, weights: ScoreWeights): Promise<void> {
  const w = weights;
  const score = `(${w.name} * name_score
        + CASE WHEN address_score IS NOT NULL THEN ${w.address} * address_score ELSE 0 END
        + CASE WHEN city_score IS NOT NULL THEN ${w.city} * city_score ELSE 0 END
        + CASE WHEN postcode_match THEN ${w.postcode} WHEN postcode_area_match THEN ${w.postcode} * 0.5 ELSE 0 END
        + CASE WHEN tax_match THEN ${w.taxId} ELSE 0 END)
      / (${w.name}
        + CASE WHEN address_score IS NOT NULL THEN ${w.address} ELSE 0 END
        + CASE WHEN city_score IS NOT NULL THEN ${w.city} ELSE 0 END
        + CASE WHEN postcode_match IS NOT NULL THEN ${w.postcode} ELSE 0 END
        + CASE WHEN tax_match IS NOT NULL THEN ${w.taxId} ELSE 0 END)`;
  const order = 'forced DESC, match_score DESC NULLS LAST, merchant_id';
  await db.run(`CREATE OR REPLACE TEMP TABLE ${BEST_TABLE} AS
    SELECT * EXCLUDE (rank_in_supplier, next_score),
      coalesce(match_score - next_score, 1.0) AS runner_up_gap,
      CAST(NULL AS DOUBLE) AS match_weight, CAST(NULL AS DOUBLE) AS weight_gap
    FROM (
      SELECT *,
        row_number() OVER (PARTITION BY supplier_key ORDER BY ${order}) AS rank_in_supplier,
        lead(match_score) OVER (PARTITION BY supplier_key ORDER BY ${order}) AS next_score
      FROM (SELECT *, ${score} AS match_score FROM ${FEATURES_TABLE})
    ) WHERE rank_in_supplier = 1`);
}

export interface ScoreWeights {
  name: number;
  address: number;
  city: number;
  postcode: number;
  taxId: number;
}
