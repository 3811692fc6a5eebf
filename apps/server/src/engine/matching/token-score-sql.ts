import { sqlString } from '../duckdb.js';

/**
 * Weighted token-set similarity of candidate pairs, computed relationally (token pairs joined and
 * aggregated) rather than with nested list lambdas, which DuckDB evaluates row by row.
 *
 * For a pair (supplier, merchant), token x of the supplier and y of the merchant are related when
 * `b2b_token_rel` holds (equal, one edit apart, or one the other's truncated last token); the
 * merchant's last token counts as truncated only where `merchantMayBeCut` holds for the pair (a
 * card descriptor cut at the network's field length): "Zenenlora Ltd" is a whole name, and its
 * "zenenlora" is no cut "SQ *ZENENLORATRAVEL"; the
 * score is (weight of related supplier tokens + weight of related merchant tokens) / (weight of
 * all tokens on both sides). A token's weight is its rarity among the merchants of the country
 * (`b2b_token_weight` of its frequency in the token statistics), so "Trinity Direct Data" and
 * "Direct Data" differ by the rare word, not by the common ones.
 *
 * `pairs` has supplier_no, merchant_no, country (the merchant's) and the merchant's
 * `merchantTokens`; `suppliers` has supplier_no, country and name_tokens; `countryCounts` has
 * (country, n). Returns a SELECT of (supplier_no, merchant_no, score). The token pairs are
 * grouped by these integers: by the two string ids the groupings took about a sixth longer.
 */
export function tokenScoreSql(options: {
  pairs: string;
  /** SQL over the pairs' columns: the pairs to score (the others get no row). All by default. */
  pairsCompared?: string;
  suppliers: string;
  merchantTokens: string;
  /** SQL over the pair's columns: whether the merchant's name may be a descriptor cut short. */
  merchantMayBeCut: string;
  tokenStatsPath: string;
  countryCounts: string;
}): string {
  const { pairs, suppliers, merchantTokens: mt, countryCounts } = options;
  const stats = `read_parquet(${sqlString(options.tokenStatsPath)})`;
  const weighed = (relation: string) => `SELECT t.*, b2b_token_weight(ts.df, cn.n) AS w
    FROM ${relation} t
    LEFT JOIN ${countryCounts} cn ON cn.country = t.country
    LEFT JOIN ${stats} ts ON ts.country = t.country AND ts.token = t.tok`;
  return `WITH st AS (
      ${weighed(`(SELECT supplier_no, country, unnest(name_tokens) AS tok,
          unnest(generate_series(1, len(name_tokens))) AS pos, name_tokens[-1] AS last
        FROM ${suppliers} WHERE supplier_no IN (SELECT supplier_no FROM ${pairs}))`)}
    ), mt AS (
      ${weighed(`(SELECT supplier_no, merchant_no, country, unnest(${mt}) AS tok,
          unnest(generate_series(1, len(${mt}))) AS pos,
          CASE WHEN ${options.merchantMayBeCut} THEN ${mt}[-1] END AS last
        FROM ${pairs} WHERE ${options.pairsCompared ?? 'true'})`)}
    ), tp AS MATERIALIZED (
      SELECT mt.supplier_no, mt.merchant_no, st.pos AS spos, coalesce(st.w, 1) AS sw,
        mt.pos AS mpos, coalesce(mt.w, 1) AS mw, b2b_token_rel(st.tok, mt.tok, st.last, mt.last) AS rel
      FROM mt JOIN st ON st.supplier_no = mt.supplier_no
    ), s_side AS (
      SELECT supplier_no, merchant_no, sum(w) AS total, sum(CASE WHEN hit THEN w ELSE 0 END) AS hits
      FROM (SELECT supplier_no, merchant_no, spos, any_value(sw) AS w, bool_or(rel) AS hit
            FROM tp GROUP BY supplier_no, merchant_no, spos)
      GROUP BY supplier_no, merchant_no
    ), m_side AS (
      SELECT supplier_no, merchant_no, sum(w) AS total, sum(CASE WHEN hit THEN w ELSE 0 END) AS hits
      FROM (SELECT supplier_no, merchant_no, mpos, any_value(mw) AS w, bool_or(rel) AS hit
            FROM tp GROUP BY supplier_no, merchant_no, mpos)
      GROUP BY supplier_no, merchant_no
    )
    SELECT supplier_no, merchant_no,
      (s_side.hits + m_side.hits) / nullif(s_side.total + m_side.total, 0) AS score
    FROM s_side JOIN m_side USING (supplier_no, merchant_no)`;
}
