import type { ScoringRuleset } from '@b2b/contract';
import { sqlString } from '../duckdb.js';
import { mccGroupSql } from '../reference-data/mcc.js';

export interface FeatureInputs {
  suppliersPath: string;
  matchesPath: string;
  ruleset: ScoringRuleset;
  /** The date scores describe (ISO); recency is measured to it, so scoring is reproducible. */
  asOfDate: string;
  /** The buyer's country (ISO3), for `isDomestic`. */
  buyerCountryIso3?: string;
}

/**
 * One row per supplier with every scoring feature (column names in `FEATURE_COLUMNS`) and the
 * slicer fields of SPEC.md section 3, from the supplier Parquet and the match Parquet.
 * MCC: the matched merchant's, else the one in the buyer's file.
 */
export function supplierFeaturesSql(input: FeatureInputs): string {
  const bands = [...input.ruleset.spendBands].reverse();
  const band = `CASE ${bands.map((b) => `WHEN annual_spend >= ${b.min} THEN ${sqlString(b.label)}`).join(' ')} ELSE ${sqlString(input.ruleset.spendBands[0]!.label)} END`;
  const buyer = input.buyerCountryIso3 ? sqlString(input.buyerCountryIso3.toUpperCase()) : 'NULL';
  const matched = `m.match_status = 'MATCHED'`;
  return `
    WITH base AS (
      SELECT s.supplier_key, s.supplier_id, s.supplier_name, s.country,
        coalesce(m.match_status, 'UNMATCHED') AS match_status,
        coalesce(m.confidence, 'None') AS confidence,
        m.merchant_id, m.accepts_card, m.accepts_virtual_card, m.stp_enrolled, m.data_level,
        coalesce(m.via_processor, false) AS via_processor,
        try_cast(coalesce(CASE WHEN ${matched} THEN m.merchant_mcc END, s.mcc) AS INTEGER) AS mcc_number,
        CAST(s.annual_spend AS DOUBLE) AS annual_spend,
        s.payments_per_month,
        CAST(round(s.payments_per_month * 12) AS INTEGER) AS payment_count_annual,
        s.payment_terms_days, s.actual_days_to_pay, s.days_beyond_terms,
        coalesce(s.main_payment_method, 'Unknown') AS main_payment_method,
        CASE WHEN ${buyer} IS NULL OR s.country IS NULL THEN NULL ELSE s.country = ${buyer} END AS is_domestic,
        CASE WHEN m.last_transaction_date IS NOT NULL
          THEN CAST(date_diff('month', m.last_transaction_date, DATE ${sqlString(input.asOfDate)}) AS INTEGER) END
          AS months_since_last_transaction
      FROM read_parquet(${sqlString(input.suppliersPath)}) s
      LEFT JOIN read_parquet(${sqlString(input.matchesPath)}) m USING (supplier_key)
    )
    SELECT *,
      ${mccGroupSql('mcc_number')} AS mcc_group,
      ${band} AS spend_band,
      CASE WHEN payment_count_annual > 0 THEN annual_spend / payment_count_annual END AS average_payment_value,
      CASE WHEN match_status = 'MATCHED' AND coalesce(accepts_card, true) THEN 'MATCHED' ELSE 'UNMATCHED' END
        AS card_accepting,
      CASE WHEN match_status <> 'MATCHED' THEN 'UNMATCHED' WHEN accepts_virtual_card THEN 'YES' ELSE 'NO' END
        AS vc_accepting,
      CASE WHEN match_status = 'MATCHED' AND data_level IN (1, 2, 3) THEN CAST(data_level AS VARCHAR) ELSE 'none' END
        AS detail_level,
      CASE WHEN match_status = 'MATCHED' AND stp_enrolled THEN 'TRUE' ELSE 'FALSE' END AS stp_capable,
      CASE WHEN match_status <> 'MATCHED' THEN 'Unmatched' WHEN stp_enrolled THEN 'STP'
        WHEN accepts_virtual_card THEN 'VC' WHEN data_level = 3 THEN 'L3' ELSE 'Card Acceptor' END
        AS card_capability
    FROM base`;
}
