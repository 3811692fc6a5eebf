import type { ConfidenceRuleset, MatchOverride } from '@b2b/contract';
import { sqlString, type EngineDb } from '../duckdb.js';
import { mccGroupSql } from '../reference-data/mcc.js';
import type { ReferenceVersion } from '../reference-data/reference-version.js';
import { MIN_CUT_COMPACT, mayBeCutSql } from './merchant-entities.js';
import { legalFormColumnsSql, withNormalisedAddress, withNormalisedName } from './normalise-sql.js';

/** Normalised suppliers to match (redacted and nameless ones are left out). */
export const SUPPLIERS_TABLE = 'b2b_ms';
/**
 * Candidate pairs from the blocks (supplier_no, merchant_no, forced). Suppliers are keyed by
 * `supplier_no`, a number given in `b2b_ms`, and merchants by the index's `merchant_no` until the
 * quick pass: millions of pairs are grouped and sorted here, and integer keys cost a fraction of
 * the 16-character supplier key and the merchant id.
 */
export const CANDIDATES_TABLE = 'b2b_mc';

/**
 * Creates `b2b_ms`: each matchable supplier's normalised name (plus sorted-token key, compact
 * form, 6-letter prefix, tokens, length as written), address, city, postcode (and its area),
 * tax ids and MCC (and its group). Suppliers without a country take the job's fallback country.
 */
export async function prepareSuppliersForMatching(
  db: EngineDb,
  suppliersPath: string,
  fallbackCountryIso3?: string,
): Promise<void> {
  const fallback = fallbackCountryIso3 ? sqlString(fallbackCountryIso3.toUpperCase()) : 'NULL';
  const source = `SELECT supplier_key, supplier_name, address_line1,
      coalesce(country, ${fallback}) AS country, country IS NULL AS country_missing,
      postcode, city, tax_id, company_number, CAST(mcc AS VARCHAR) AS mcc,
      ${mccGroupSql('mcc')} AS mcc_group, length(trim(supplier_name)) AS name_length,
      b2b_legal_form_written(supplier_name) AS legal_form_written,
      b2b_via_processor(supplier_name) AS via_processor
    FROM read_parquet(${sqlString(suppliersPath)})
    WHERE NOT coalesce(is_redacted, false) AND supplier_name IS NOT NULL`;
  const normalised = withNormalisedAddress(
    withNormalisedName(source, 'supplier_name', 'name_norm'),
    'address_line1',
    'address_norm',
  );
  // supplier_no numbers the suppliers in key order: a window over all rows without an order
  // streams, and a streaming window runs the whole normalisation before it on one core.
  await db.run(`CREATE OR REPLACE TEMP TABLE ${SUPPLIERS_TABLE} AS
    SELECT *, CAST(row_number() OVER (ORDER BY supplier_key) AS INTEGER) AS supplier_no,
      b2b_name_key(name_norm) AS name_key,
      b2b_compact(name_norm) AS name_compact,
      left(replace(name_norm, ' ', ''), 6) AS name_prefix,
      b2b_name_tokens(name_norm) AS name_tokens,
      b2b_postcode_area(postcode_norm, country) AS postcode_area
    FROM (SELECT * EXCLUDE (postcode, city, tax_id, company_number, legal_form_written),
            ${legalFormColumnsSql('legal_form_written')},
            b2b_postcode(postcode, country) AS postcode_norm,
            b2b_city(city) AS city_norm,
            b2b_tax_id(tax_id) AS tax_norm,
            b2b_tax_id(company_number) AS company_norm
          FROM (${normalised}))
    WHERE name_norm IS NOT NULL`);
}

/**
 * Creates `b2b_mc`: distinct (supplier, merchant) pairs that share a block, so suppliers are
 * never compared with every merchant:
 * - tax id or company number (same country);
 * - the same normalised name or DBA name;
 * - the rarest pair of the supplier's name tokens ("smith plumbing") and the next rarest, up to
 *   `maxTokenPairFrequency` merchants (when the file gave no country, the job's country's and,
 *   besides, any other's);
 * - for a supplier none of whose token pairs is that rare (a one-word name, or only common
 *   pairs), its rarest name token that merchants of the country also use, and the next rarest
 *   while their merchants together stay within `maxTokenFrequency` (tokens more common than
 *   that never form a block). Given to every supplier, the token blocks made a fifth (dev) to
 *   half (classic) of the pairs on the bench's sets and found 0 and 28 of 11,900 businesses
 *   no other block found (docs/perf/matching.md);
 * - in both, a word of five letters or more that no merchant of the country uses stands for the
 *   words they use one edit away ("sunmit" for "summit"), a word of four for those with one
 *   letter more ("crwe" for "crewe"): misspelt in its first letters and given without a town, a
 *   name otherwise meets no block at all;
 * - a descriptor run together or cut mid-word, which the name without spaces starts with;
 * - the same postcode (and name initial), in blocks of up to `maxBlockSize` merchants;
 * - for a name with a word no merchant of the country uses (misspelt, most likely), the same
 *   6-letter name prefix, and the same town and 3-letter name prefix (up to `maxBlockSize`
 *   merchants each): a misspelt rare word ("Summxt Electrical Services") leaves only common
 *   tokens and another 6-letter prefix, but the business is still in the town the file names;
 * - a person's override (always a candidate, flagged `forced`).
 */
export async function generateCandidates(
  db: EngineDb,
  reference: ReferenceVersion,
  ruleset: ConfidenceRuleset,
  overrides: MatchOverride[],
): Promise<void> {
  const { maxTokenFrequency, maxTokenPairFrequency, maxBlockSize } = ruleset.blocking;
  const index = `read_parquet(${sqlString(reference.indexPath)})`;
  const forced = overrides
    .filter((o) => o.decision === 'merchant')
    .map((o) => `(${sqlString(o.supplierKey)}, ${sqlString(o.merchantId)})`);
  // The suppliers' words that no merchant of their country uses (the job's country for a
  // supplier the file gave none): misspelt, most likely.
  await db.run(`CREATE OR REPLACE TEMP TABLE b2b_ms_unknown AS
    SELECT DISTINCT s.supplier_no, s.country, s.country_missing, s.token
    FROM (SELECT supplier_no, country, country_missing, unnest(name_tokens) AS token
          FROM ${SUPPLIERS_TABLE}) s
    ANTI JOIN read_parquet(${sqlString(reference.tokenStatsPath)}) ts
      ON ts.country = s.country AND ts.token = s.token`);
  // The words each supplier blocks on: its name's tokens and, for an unknown word, the words
  // merchants use one edit away ("gllucester" → "gloucester"): a misspelt rare word otherwise
  // leaves only common words and a wrong prefix, and no block finds the business.
  await db.run(`CREATE OR REPLACE TEMP TABLE b2b_ms_words AS
    SELECT DISTINCT supplier_no, country, country_missing, unnest(name_tokens) AS token
    FROM ${SUPPLIERS_TABLE}
    UNION
    SELECT u.supplier_no, u.country, u.country_missing, c.known AS token
    FROM b2b_ms_unknown u JOIN (${correctedWordsSql('b2b_ms_unknown', reference.tokenStatsPath)}) c
      ON c.country = u.country AND c.unknown = u.token`);
  // Of the rows (supplier_no, country, word, df, home), each supplier keeps its rarest word and
  // the next rarest, up to `home` of them at home and `abroad` elsewhere, while their merchants
  // together stay within `maxDf`. A supplier whose file gave no country blocks in the job's
  // country (its `country`) as if the file had named it, and besides in every other country.
  // Ranked abroad and at home together, its rarest words were businesses' abroad ("village
  // stores" is rarer in Norway than "turner village" at home): the one at home met no block.
  const rarest = (limits: { home: number; abroad: number }, maxDf: number) => `
    WINDOW w AS (PARTITION BY supplier_no, home ORDER BY df, word, country
      ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)
    QUALIFY row_number() OVER w = 1
      OR (row_number() OVER w <= CASE WHEN home THEN ${limits.home} ELSE ${limits.abroad} END
          AND sum(df) OVER w <= ${maxDf})`;
  await db.run(`CREATE OR REPLACE TEMP TABLE b2b_ms_tokens AS
    SELECT supplier_no, country, word AS token FROM (
      SELECT st.supplier_no, ts.country, st.token AS word, ts.df, ts.country = st.country AS home
      FROM b2b_ms_words st JOIN read_parquet(${sqlString(reference.tokenStatsPath)}) ts
        ON ts.token = st.token AND (ts.country = st.country OR st.country_missing)
      WHERE ts.df <= ${maxTokenFrequency})
    ${rarest({ home: 2, abroad: 6 }, maxTokenFrequency)}`);
  await db.run(`CREATE OR REPLACE TEMP TABLE b2b_ms_pairs AS
    WITH sp AS (
      SELECT a.supplier_no, a.country, a.country_missing, a.token || ' ' || b.token AS pair
      FROM b2b_ms_words a JOIN b2b_ms_words b ON a.supplier_no = b.supplier_no AND a.token < b.token
    )
    SELECT supplier_no, country, word AS pair FROM (
      SELECT sp.supplier_no, ps.country, sp.pair AS word, ps.df, ps.country = sp.country AS home
      FROM sp JOIN read_parquet(${sqlString(reference.pairStatsPath)}) ps
        ON ps.pair = sp.pair AND (ps.country = sp.country OR sp.country_missing)
      WHERE ps.df <= ${maxTokenPairFrequency})
    ${rarest({ home: 2, abroad: 3 }, maxTokenPairFrequency)}`);
  // The town block's size per (country, town, 3-letter prefix), counted once over the index so
  // that only suppliers whose block is small enough are joined with its merchants. Only a
  // supplier with an unknown word needs it (and the 6-letter prefix block): one whose every word
  // is known meets its business in the other blocks. Given to all, it made 44 % of the pairs (of
  // 100,000 suppliers and 1,000,000 records), 41 % through no other block.
  const townBlocks = `SELECT country, city_norm, left(name_prefix, 3) AS prefix3
    FROM ${index} WHERE city_norm IS NOT NULL AND name_prefix IS NOT NULL
    GROUP BY ALL HAVING count(*) <= ${maxBlockSize}`;
  // Descriptors whose words the token blocks cannot see: run together by a payment processor
  // ("SQ *LICHFIELDCRICKETCL") or cut mid-word ("VOLUNTEER CENTRE CAMBR", a name whose every
  // whole word is common). Each is a block of its own for the suppliers whose name without
  // spaces starts with it.
  // A shorter run-together name ("SQ*MARTININN") is too little to start others: it blocks only
  // the names that are it without their spaces ("Martin Inn Ltd").
  await db.run(`CREATE OR REPLACE TEMP TABLE b2b_md AS
    SELECT country, name_compact AS compact, merchant_no,
      length(name_compact) < ${MIN_CUT_COMPACT} AS whole
    FROM ${index}
    WHERE (NOT contains(name_norm, ' ') AND length(name_compact) >= ${MIN_RUN_TOGETHER})
      OR (${mayBeCutSql()} AND length(name_compact) >= ${MIN_CUT_COMPACT})`);
  await db.run(`CREATE OR REPLACE TEMP TABLE ${CANDIDATES_TABLE} AS
    SELECT supplier_no, merchant_no, bool_or(forced) AS forced FROM (
      SELECT s.supplier_no, d.merchant_no, false AS forced
      FROM (SELECT s.supplier_no, s.country, left(s.name_compact, l.n) AS compact,
              length(s.name_compact) = l.n AS whole
            FROM ${SUPPLIERS_TABLE} s
            JOIN (SELECT DISTINCT length(compact) AS n FROM b2b_md) l ON length(s.name_compact) >= l.n) s
      JOIN b2b_md d ON d.country = s.country AND d.compact = s.compact AND (s.whole OR NOT d.whole)
      UNION ALL
      SELECT t.supplier_no, m.merchant_no, false
      FROM b2b_ms_tokens t
      JOIN read_parquet(${sqlString(reference.tokensPath)}) m ON m.country = t.country AND m.token = t.token
      WHERE t.supplier_no NOT IN (SELECT supplier_no FROM b2b_ms_pairs)
      UNION ALL
      SELECT p.supplier_no, m.merchant_no, false
      FROM b2b_ms_pairs p
      JOIN read_parquet(${sqlString(reference.pairsPath)}) m ON m.country = p.country AND m.pair = p.pair
      UNION ALL
      SELECT s.supplier_no, m.merchant_no, false FROM ${SUPPLIERS_TABLE} s
      JOIN ${index} m ON m.country = s.country AND m.tax_norm = s.tax_norm
      UNION ALL
      SELECT s.supplier_no, m.merchant_no, false FROM ${SUPPLIERS_TABLE} s
      JOIN ${index} m ON m.country = s.country AND m.tax_norm = s.company_norm
      UNION ALL
      SELECT s.supplier_no, m.merchant_no, false FROM ${SUPPLIERS_TABLE} s
      JOIN ${index} m ON m.name_norm = s.name_norm
      WHERE (m.country = s.country OR s.country_missing) AND m.name_count <= ${maxBlockSize * 4}
      UNION ALL
      SELECT s.supplier_no, m.merchant_no, false FROM ${SUPPLIERS_TABLE} s
      JOIN ${index} m ON m.country = s.country AND m.dba_norm = s.name_norm
      UNION ALL
      SELECT s.supplier_no, m.merchant_no, false FROM ${SUPPLIERS_TABLE} s
      JOIN ${index} m ON m.country = s.country AND m.postcode_norm = s.postcode_norm
      WHERE m.postcode_count <= ${maxBlockSize} AND left(m.name_norm, 1) = left(s.name_norm, 1)
      UNION ALL
      SELECT s.supplier_no, m.merchant_no, false FROM ${SUPPLIERS_TABLE} s
      JOIN ${index} m ON m.country = s.country AND m.name_prefix = s.name_prefix
      WHERE m.prefix_count <= ${maxBlockSize} AND length(s.name_prefix) >= 4 AND s.supplier_no IN (SELECT supplier_no FROM b2b_ms_unknown)
      UNION ALL
      SELECT s.supplier_no, m.merchant_no, false FROM ${SUPPLIERS_TABLE} s
      JOIN (${townBlocks}) b ON b.country = s.country AND b.city_norm = s.city_norm
        AND b.prefix3 = left(s.name_prefix, 3)
      JOIN ${index} m ON m.country = s.country AND m.city_norm = s.city_norm
        AND left(m.name_prefix, 3) = left(s.name_prefix, 3)
      WHERE length(s.name_prefix) >= 4 AND s.supplier_no IN (SELECT supplier_no FROM b2b_ms_unknown)
      ${
        forced.length
          ? `UNION ALL SELECT s.supplier_no, m.merchant_no, true
      FROM (VALUES ${forced.join(', ')}) f(supplier_key, merchant_id)
      JOIN ${SUPPLIERS_TABLE} s USING (supplier_key)
      JOIN (SELECT merchant_id, merchant_no FROM ${index}) m USING (merchant_id)`
          : ''
      }
    ) GROUP BY supplier_no, merchant_no`);
  await db.run(
    'DROP TABLE IF EXISTS b2b_ms_words; DROP TABLE IF EXISTS b2b_ms_tokens; DROP TABLE IF EXISTS b2b_ms_pairs; DROP TABLE IF EXISTS b2b_md; DROP TABLE IF EXISTS b2b_ms_unknown;',
  );
}

/** A name run together this long without spaces is one business's, not a common word. */
const MIN_RUN_TOGETHER = 6;

/**
 * Shorter words are corrected only for a dropped letter ("crwe" for "crewe"), and words of three
 * letters not at all: any other edit turns them into too many others.
 */
const MIN_CORRECTED_LENGTH = 5;

/**
 * (country, unknown, known): each word of `unknownWords` (the suppliers' (country, token) rows
 * that no merchant of the country uses) with the words merchants there do use one edit away (a
 * letter changed, added, dropped, or two swapped; for a four-letter word, one letter added).
 * Found by symmetric deletes: two words one edit apart share a form with at most one letter
 * deleted, so both sides' forms are joined, not every pair of words compared.
 */
function correctedWordsSql(unknownWords: string, tokenStatsPath: string): string {
  const stats = `read_parquet(${sqlString(tokenStatsPath)})`;
  const deletes = (word: string) =>
    `list_append(list_transform(range(1, length(${word}) + 1),
      i -> substr(${word}, 1, i - 1) || substr(${word}, i + 1)), ${word})`;
  return `WITH unknown AS (
      SELECT DISTINCT country, token AS unknown FROM ${unknownWords}
      WHERE length(token) >= ${MIN_CORRECTED_LENGTH - 1} AND NOT regexp_matches(token, '[0-9]')
    ), unknown_forms AS (
      SELECT country, unknown, unnest(${deletes('unknown')}) AS form FROM unknown
    ), known_forms AS (
      SELECT country, token AS known, unnest(${deletes('token')}) AS form
      FROM ${stats}
      WHERE length(token) >= ${MIN_CORRECTED_LENGTH - 1}
        AND country IN (SELECT DISTINCT country FROM unknown)
    )
    SELECT DISTINCT u.country, u.unknown, k.known
    FROM unknown_forms u JOIN known_forms k ON k.country = u.country AND k.form = u.form
    WHERE damerau_levenshtein(u.unknown, k.known) = 1
      AND (length(u.unknown) >= ${MIN_CORRECTED_LENGTH} OR length(k.known) = length(u.unknown) + 1)`;
}
