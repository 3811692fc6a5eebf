import { type EngineDb, sqlString } from '../duckdb.js';
import type { SupplierFeatures } from './supplier-features.js';

/** A supplier of a job as the model sees it, with what the reference data said of it. */
export interface JobSupplierExample extends SupplierFeatures {
  supplierKey: string;
  matched: boolean;
  /** Matched to a merchant that accepts card: the label. */
  acceptsCard: boolean;
  /** A person confirmed, rejected or chose the match (SPEC §3 match decisions). */
  decided: boolean;
}

const FEATURE_COLUMNS: [string, string][] = [
  ['country', 'VARCHAR'],
  ['mcc', 'VARCHAR'],
  ['sic', 'VARCHAR'],
  ['annual_spend', 'DOUBLE'],
  ['po_count', 'INTEGER'],
  ['invoice_count', 'INTEGER'],
  ['payment_count', 'INTEGER'],
  ['main_payment_method', 'VARCHAR'],
  ['payment_frequency', 'VARCHAR'],
  ['payment_terms_days', 'DOUBLE'],
  ['actual_days_to_pay', 'DOUBLE'],
];

type Row = {
  supplier_key: string;
  supplier_name: string;
  country: string | null;
  mcc: string | null;
  sic: string | null;
  annual_spend: number | null;
  po_count: number | null;
  invoice_count: number | null;
  payment_count: number | null;
  main_payment_method: string | null;
  payment_frequency: string | null;
  payment_terms_days: number | null;
  actual_days_to_pay: number | null;
  job_accepting_share: number | null;
  matched: boolean;
  accepts_card: boolean;
  decided: boolean;
};

/**
 * Streams a job's suppliers (its suppliers and matches Parquet files) in batches: the buyer-side
 * features and the match outcome. `unmatchedOnly` for scoring, where only suppliers the
 * reference data does not match get a prediction. Redacted names are left out (nothing to learn).
 */
export async function forEachJobSupplier(
  db: EngineDb,
  paths: { suppliers: string; matches: string },
  options: { unmatchedOnly?: boolean; batchSize?: number },
  fn: (rows: JobSupplierExample[]) => Promise<void> | void,
): Promise<number> {
  const present = new Set(
    (
      await db.all<{ column_name: string }>(
        `DESCRIBE SELECT * FROM read_parquet(${sqlString(paths.suppliers)})`,
      )
    ).map((c) => c.column_name),
  );
  // Files of older pipeline versions may lack a column: it reads as missing, not as an error.
  const features = FEATURE_COLUMNS.map(([c, type]) =>
    present.has(c) ? `CAST(s.${c} AS ${type}) AS ${c}` : `NULL::${type} AS ${c}`,
  );
  const redacted = present.has('is_redacted') ? 'AND NOT coalesce(s.is_redacted, false)' : '';
  const matched = `coalesce(m.match_status = 'MATCHED', false)`;
  // The job's share of card acceptors among the supplier's peers (leave-one-out, so a supplier's
  // own label never feeds its features), computed before unmatched suppliers are picked out.
  const sql = `
    WITH labelled AS (
      SELECT s.supplier_key, coalesce(s.supplier_name, '') AS supplier_name, ${features.join(', ')},
        ${matched} AS matched,
        ${matched} AND coalesce(m.accepts_card, true) AS accepts_card,
        coalesce(m.match_source, 'computed') <> 'computed' AS decided
      FROM read_parquet(${sqlString(paths.suppliers)}) s
      LEFT JOIN read_parquet(${sqlString(paths.matches)}) m USING (supplier_key)
      WHERE coalesce(s.supplier_name, '') <> '' ${redacted}
    ), shared AS (
      SELECT *, CAST(
        (count(*) FILTER (WHERE accepts_card) OVER () - CAST(accepts_card AS INTEGER))
          / greatest(count(*) OVER () - 1, 1) AS DOUBLE) AS job_accepting_share
      FROM labelled
    )
    SELECT * FROM shared ${options.unmatchedOnly ? 'WHERE NOT matched' : ''}`;
  return db.forEachBatch<Row>(sql, options.batchSize ?? 10_000, (rows) =>
    fn(
      rows.map((r) => ({
        supplierKey: r.supplier_key,
        supplierName: r.supplier_name,
        country: r.country,
        mcc: r.mcc,
        sic: r.sic,
        annualSpend: r.annual_spend,
        poCount: r.po_count,
        invoiceCount: r.invoice_count,
        paymentCount: r.payment_count,
        mainPaymentMethod: r.main_payment_method,
        paymentFrequency: r.payment_frequency,
        paymentTermsDays: r.payment_terms_days,
        actualDaysToPay: r.actual_days_to_pay,
        jobAcceptingShare: r.job_accepting_share,
        matched: r.matched,
        acceptsCard: r.accepts_card,
        decided: r.decided,
      })),
    ),
  );
}
