import path from 'node:path';
import { copyToParquet, sqlString, type EngineDb } from '../duckdb.js';
import { clusterMerchantEntities } from './merchant-entities.js';
import {
  installNormaliseMacros,
  legalFormColumnsSql,
  withNormalisedAddress,
  withNormalisedName,
} from './normalise-sql.js';

/** Files of a reference data version's match index, beside its merchants.parquet. */
export const MATCH_INDEX_FILES = {
  index: 'match-index.parquet',
  tokens: 'match-tokens.parquet',
  tokenStats: 'match-token-stats.parquet',
  pairs: 'match-token-pairs.parquet',
  pairStats: 'match-token-pair-stats.parquet',
  sample: 'match-index-sample.parquet',
} as const;

/**
 * Records in the index's sample: the merchants the match model's random pairs are drawn from
 * (`estimate-match-model.ts`). Drawn once per reference version, with a fixed seed, so a job
 * reads 50,000 rows instead of sampling and joining the whole index.
 */
export const MATCH_INDEX_SAMPLE_SIZE = 50_000;

/**
 * A chain store's brand: what its descriptor (DBA name, else name) holds before a store number
 * ("BRIGHTMART #1234 LEEDS" → "BRIGHTMART"); NULL for records without a store number.
 */
const STORE_BRAND_SQL = `CASE
    WHEN regexp_matches(dba_name, '#\\s*[0-9]+') THEN regexp_extract(dba_name, '^(.*?)\\s*#\\s*[0-9]+', 1)
    WHEN regexp_matches(merchant_name, '#\\s*[0-9]+') THEN regexp_extract(merchant_name, '^(.*?)\\s*#\\s*[0-9]+', 1)
  END`;

/**
 * Normalises every merchant once per reference version (names, DBA names, addresses,
 * postcodes, tax ids) and writes the blocking tables the matcher joins against:
 * - match-index.parquet: one row per merchant with its normalised fields, name key (sorted
 *   tokens), compact name, 6-letter name prefix and how many merchants in the country share
 *   the name;
 * - match-tokens.parquet: (country, token, merchant_id, merchant_no, df) for name and DBA
 *   tokens, df being the number of merchants in the country with that token;
 *   match-token-stats.parquet: the df per (country, token);
 * - match-token-pairs.parquet / match-token-pair-stats.parquet: the same for each pair of a
 *   merchant's tokens ("smith plumbing"), far rarer than either token alone;
 * - match-index-sample.parquet: a fixed-seed sample of the index's rows
 *   (`MATCH_INDEX_SAMPLE_SIZE`).
 */
export async function buildMatchIndex(
  db: EngineDb,
  merchantsPath: string,
  outDir: string,
): Promise<{ indexPath: string; tokensPath: string; merchantCount: number }> {
  await installNormaliseMacros(db);
  const indexPath = path.join(outDir, MATCH_INDEX_FILES.index);
  const tokensPath = path.join(outDir, MATCH_INDEX_FILES.tokens);
  const tokenStatsPath = path.join(outDir, MATCH_INDEX_FILES.tokenStats);
  const pairsPath = path.join(outDir, MATCH_INDEX_FILES.pairs);
  const pairStatsPath = path.join(outDir, MATCH_INDEX_FILES.pairStats);
  const samplePath = path.join(outDir, MATCH_INDEX_FILES.sample);
  const source = `SELECT merchant_id, country, merchant_name, dba_name, address_line1,
      b2b_postcode(postcode, country) AS postcode_norm,
      b2b_tax_id(tax_id) AS tax_norm,
      b2b_city(city) AS city_norm, mcc, length(trim(merchant_name)) AS descriptor_len,
      b2b_legal_form_written(merchant_name) AS legal_form_written,
      b2b_via_processor(merchant_name) AS via_processor,
      ${STORE_BRAND_SQL} AS store_brand
    FROM read_parquet(${sqlString(merchantsPath)})`;
  const normalised = withNormalisedAddress(
    withNormalisedName(
      withNormalisedName(
        withNormalisedName(source, 'merchant_name', 'name_norm'),
        'dba_name',
        'dba_norm',
      ),
      'store_brand',
      'brand_norm',
    ),
    'address_line1',
    'address_norm',
  );
  // merchant_no numbers the records in merchant id order: the blocks and the candidate pairs
  // carry it instead of the id (millions of pairs grouped and joined by an integer, not a
  // string), and its order is the id's, so ties still break by merchant id.
  await db.run(`CREATE OR REPLACE TEMP TABLE b2b_mi AS
    SELECT * EXCLUDE (merchant_name, dba_name, address_line1, store_brand, legal_form_written),
      ${legalFormColumnsSql('legal_form_written')},
      CAST(row_number() OVER (ORDER BY merchant_id) AS INTEGER) AS merchant_no,
      b2b_postcode_area(postcode_norm, country) AS postcode_area,
      b2b_compact(name_norm) AS name_compact
    FROM (${normalised})`);
  await clusterMerchantEntities(db, 'b2b_mi', 'b2b_mie');
  try {
    await db.run(`CREATE OR REPLACE TEMP TABLE b2b_mt AS
      SELECT DISTINCT country, merchant_id, merchant_no, unnest(list_distinct(
        b2b_name_tokens(name_norm) || coalesce(b2b_name_tokens(dba_norm), []))) AS token
      FROM b2b_mi WHERE name_norm IS NOT NULL`);
    await copyToParquet(
      db,
      `SELECT country, token, CAST(count(*) AS INTEGER) AS df FROM b2b_mt
       GROUP BY ALL ORDER BY country, token`,
      tokenStatsPath,
    );
    await copyToParquet(
      db,
      `SELECT country, token, merchant_id, merchant_no,
         CAST(count(*) OVER (PARTITION BY country, token) AS INTEGER) AS df
       FROM b2b_mt ORDER BY country, token`,
      tokensPath,
    );
    await db.run(`CREATE OR REPLACE TEMP TABLE b2b_mp AS
      SELECT a.country, a.merchant_id, a.merchant_no, a.token || ' ' || b.token AS pair
      FROM b2b_mt a JOIN b2b_mt b ON a.merchant_no = b.merchant_no AND a.token < b.token`);
    await copyToParquet(
      db,
      `SELECT country, pair, CAST(count(*) AS INTEGER) AS df FROM b2b_mp GROUP BY ALL ORDER BY country, pair`,
      pairStatsPath,
    );
    await copyToParquet(db, 'SELECT * FROM b2b_mp ORDER BY country, pair', pairsPath);
    await db.run('DROP TABLE b2b_mp');
    await db.run(`CREATE OR REPLACE TEMP TABLE b2b_mi_t AS
      SELECT i.* EXCLUDE (mcc), CAST(i.mcc AS VARCHAR) AS mcc,
        coalesce(e.entity_id, i.merchant_id) AS entity_id,
        b2b_name_tokens(name_norm) AS name_tokens, b2b_name_tokens(dba_norm) AS dba_tokens,
        b2b_name_key(name_norm) AS name_key, left(replace(name_norm, ' ', ''), 6) AS name_prefix
      FROM b2b_mi i LEFT JOIN b2b_mie e USING (merchant_id)`);
    // Each count is a grouped aggregate joined back, not a window: four windows over 1,000,000
    // records each partitioned and sorted them (about 15 s of CPU); `IS NOT DISTINCT FROM`
    // keeps the windows' meaning for a blank name or postcode (counted with the country's blanks).
    const counted = (alias: string, columns: string[]) =>
      `LEFT JOIN (SELECT ${columns.join(', ')}, CAST(count(*) AS INTEGER) AS ${alias} FROM b2b_mi_t GROUP BY ALL) ${alias}_t
         ON ${columns.map((c) => `${alias}_t.${c} IS NOT DISTINCT FROM i.${c}`).join(' AND ')}`;
    const merchantCount = await copyToParquet(
      db,
      `SELECT i.*,
         entity_records_t.entity_records, name_count_t.name_count,
         CAST(coalesce(n.entity_name_count, 1) AS INTEGER) AS entity_name_count,
         postcode_count_t.postcode_count, prefix_count_t.prefix_count
       FROM b2b_mi_t i
       ${counted('entity_records', ['entity_id'])}
       ${counted('name_count', ['country', 'name_norm'])}
       ${counted('postcode_count', ['country', 'postcode_norm'])}
       ${counted('prefix_count', ['country', 'name_prefix'])}
       LEFT JOIN (SELECT country, name_norm, count(DISTINCT entity_id) AS entity_name_count
                  FROM b2b_mi_t WHERE name_norm IS NOT NULL GROUP BY ALL) n
         ON n.country = i.country AND n.name_norm = i.name_norm
       ORDER BY i.merchant_id`,
      indexPath,
    );
    await copyToParquet(
      db,
      `SELECT * FROM read_parquet(${sqlString(indexPath)})
       USING SAMPLE reservoir(${MATCH_INDEX_SAMPLE_SIZE} ROWS) REPEATABLE (18245)`,
      samplePath,
    );
    return { indexPath, tokensPath, merchantCount };
  } finally {
    await db.run(
      'DROP TABLE IF EXISTS b2b_mi; DROP TABLE IF EXISTS b2b_mt; DROP TABLE IF EXISTS b2b_mi_t; DROP TABLE IF EXISTS b2b_mie;',
    );
  }
}
