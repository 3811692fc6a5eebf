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

type Value = string | number | boolean | null;
const text = (v: Value) => (v === null ? null : String(v));
const num = (v: Value) => (v === null ? null : Number(v));

function exampleOf(r: Value[]): JobSupplierExample {
  return {
    supplierKey: String(r[0]),
    supplierName: String(r[1] ?? ''),
    country: text(r[2]!),
    mcc: text(r[3]!),
    sic: text(r[4]!),
    annualSpend: num(r[5]!),
    poCount: num(r[6]!),
    invoiceCount: num(r[7]!),
    paymentCount: num(r[8]!),
    mainPaymentMethod: text(r[9]!),
    paymentFrequency: text(r[10]!),
    paymentTermsDays: num(r[11]!),
    actualDaysToPay: num(r[12]!),
    matched: r[13] === true,
    acceptsCard: r[14] === true,
    decided: r[15] === true,
    jobAcceptingShare: num(r[16]!),
  };
}

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
  const from = `
    FROM read_parquet(${sqlString(paths.suppliers)}) s
    LEFT JOIN read_parquet(${sqlString(paths.matches)}) m USING (supplier_key)
    WHERE coalesce(s.supplier_name, '') <> '' ${redacted}`;
  const acceptsCard = `${matched} AND coalesce(m.accepts_card, true)`;
  // The job's share of card acceptors among the supplier's peers (leave-one-out, so a supplier's
  // own label never feeds its features). Counted first, in one aggregate: a window over the
  // whole job, or a total joined back, made DuckDB's row stream several times slower.
  const totals = await db.one<{ accepting: number; suppliers: number }>(
    `SELECT CAST(count(*) FILTER (WHERE ${acceptsCard}) AS DOUBLE) AS accepting,
       CAST(count(*) AS DOUBLE) AS suppliers ${from}`,
  );
  const accepting = totals?.accepting ?? 0;
  const others = Math.max((totals?.suppliers ?? 0) - 1, 1);
  const sql = `
    SELECT s.supplier_key, coalesce(s.supplier_name, '') AS supplier_name, ${features.join(', ')},
      ${matched} AS matched, ${acceptsCard} AS accepts_card,
      coalesce(m.match_source, 'computed') <> 'computed' AS decided,
      (${accepting} - CAST(${acceptsCard} AS INTEGER)) / ${others} AS job_accepting_share
    ${from} ${options.unmatchedOnly ? `AND NOT ${matched}` : ''}`;
  // Rows as arrays of plain values (VARCHAR, DOUBLE, INTEGER and BOOLEAN only): converting each
  // to a JSON object first took as long again as the model's work. The result is held by DuckDB
  // (columnar, a few hundred bytes a supplier) and converted chunk by chunk: steadier than its
  // row stream on a busy machine.
  const result = await db.connection.run(sql);
  let total = 0;
  let pending: JobSupplierExample[] = [];
  for await (const rows of result.yieldRows()) {
    for (const r of rows as Value[][]) pending.push(exampleOf(r));
    if (pending.length >= (options.batchSize ?? 10_000)) {
      total += pending.length;
      await fn(pending);
      pending = [];
    }
  }
  if (pending.length > 0) {
    total += pending.length;
    await fn(pending);
  }
  return total;
}
