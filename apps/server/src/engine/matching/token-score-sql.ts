/**
 * Weighted token-set similarity of candidate pairs, computed relationally (token pairs joined and
 * aggregated) rather than with nested list lambdas, which DuckDB evaluates row by row.
 *
 * For a pair (supplier, merchant), token x of the supplier and y of the merchant are related when
 * `b2b_token_rel` holds (equal, one edit apart, or one the other's truncated last token); the
 * score is (weight of related supplier tokens + weight of related merchant tokens) / (weight of
 * all tokens on both sides), weights being rarity in the reference (`b2b_token_weight`).
 *
 * `pairs` has (supplier_key, merchant_id) and the merchant's `merchantTokens` /
 * `merchantWeights` columns; `suppliers` has supplier_key, name_tokens, name_token_weights.
 * Returns a SELECT of (supplier_key, merchant_id, score).
 */
export function tokenScoreSql(options: {
  pairs: string;
  suppliers: string;
  merchantTokens: string;
  merchantWeights: string;
}): string {
  const { pairs, suppliers, merchantTokens: mt, merchantWeights: mw } = options;
  return `WITH st AS (
      SELECT supplier_key, unnest(name_tokens) AS tok, unnest(name_token_weights) AS w,
        unnest(generate_series(1, len(name_tokens))) AS pos, name_tokens[-1] AS last
      FROM ${suppliers} WHERE supplier_key IN (SELECT supplier_key FROM ${pairs})
    ), mt AS (
      SELECT supplier_key, merchant_id, unnest(${mt}) AS tok, unnest(${mw}) AS w,
        unnest(generate_series(1, len(${mt}))) AS pos, ${mt}[-1] AS last
      FROM ${pairs} WHERE len(${mt}) = len(${mw})
    ), tp AS MATERIALIZED (
      SELECT mt.supplier_key, mt.merchant_id, st.pos AS spos, st.w AS sw, mt.pos AS mpos, mt.w AS mw,
        b2b_token_rel(st.tok, mt.tok, st.last, mt.last) AS rel
      FROM mt JOIN st ON st.supplier_key = mt.supplier_key
    ), s_side AS (
      SELECT supplier_key, merchant_id, sum(w) AS total, sum(CASE WHEN hit THEN w ELSE 0 END) AS hits
      FROM (SELECT supplier_key, merchant_id, spos, any_value(sw) AS w, bool_or(rel) AS hit
            FROM tp GROUP BY supplier_key, merchant_id, spos)
      GROUP BY supplier_key, merchant_id
    ), m_side AS (
      SELECT supplier_key, merchant_id, sum(w) AS total, sum(CASE WHEN hit THEN w ELSE 0 END) AS hits
      FROM (SELECT supplier_key, merchant_id, mpos, any_value(mw) AS w, bool_or(rel) AS hit
            FROM tp GROUP BY supplier_key, merchant_id, mpos)
      GROUP BY supplier_key, merchant_id
    )
    SELECT supplier_key, merchant_id,
      (s_side.hits + m_side.hits) / nullif(s_side.total + m_side.total, 0) AS score
    FROM s_side JOIN m_side USING (supplier_key, merchant_id)`;
}
