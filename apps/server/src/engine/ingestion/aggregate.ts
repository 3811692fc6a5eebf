import { SUPPLIER_MERGES_LISTED, type DocumentType, type SupplierMerges } from '@b2b/contract';
import {
  copyToParquet,
  sqlString,
  SUPPLIER_FILE_ROW_GROUP_SIZE,
  type EngineDb,
} from '../duckdb.js';
import { supplierNameKeySql } from './ingest.js';

/** Payments a month → a frequency band for DocTransactionFrequencies. */
const FREQUENCY_BAND = (perMonth: string, count: string) => `CASE
  WHEN ${count} IS NULL OR ${count} = 0 THEN NULL
  WHEN ${count} = 1 THEN 'One-off'
  WHEN ${perMonth} >= 4 THEN 'Weekly or more'
  WHEN ${perMonth} >= 1 THEN 'Monthly'
  WHEN ${perMonth} >= 1.0 / 3 THEN 'Quarterly'
  ELSE 'Less than quarterly' END`;

export interface ConsultantDocumentFile {
  documentType: DocumentType;
  /** Parquet written by `ingest` for a Consultant Upload file. */
  parquetPath: string;
}

export interface AggregateResult {
  parquetPath: string;
  supplierCount: number;
  /** Months covered by the documents (at least 1); annual figures are scaled by 12 / periodMonths. */
  periodMonths: number;
  spendBasis?: DocumentType;
}

/**
 * Per supplier of a Consultant Upload: counts per document type, spend (payments, else invoices,
 * else POs), payment methods, agreed terms against actual days to pay, monthly frequency.
 */
export async function aggregateConsultantDocuments(input: {
  db: EngineDb;
  documents: ConsultantDocumentFile[];
  outPath: string;
}): Promise<AggregateResult> {
  const { db, documents } = input;
  if (documents.length === 0) throw new Error('No documents to aggregate.');
  const union = documents
    .map((d) => `SELECT * FROM read_parquet(${sqlString(d.parquetPath)})`)
    .join(' UNION ALL BY NAME ');
  const types = new Set(documents.map((d) => d.documentType));
  const spendBasis: DocumentType = types.has('Payment')
    ? 'Payment'
    : types.has('Invoice')
      ? 'Invoice'
      : 'PurchaseOrder';
  // Payment methods and days-to-pay come from payments when there are any, else invoices.
  const methodBasis = types.has('Payment') ? 'Payment' : 'Invoice';
  await db.run(`CREATE OR REPLACE TEMP VIEW b2b_docs AS ${union}`);
  try {
    const period = await db.one<{ months: number; first: string }>(`
      SELECT CAST(greatest(1, coalesce(date_diff('month', min(document_date), max(document_date)) + 1, 1)) AS INTEGER) AS months,
        CAST(coalesce(date_trunc('month', min(document_date)), DATE '2000-01-01') AS VARCHAR) AS first
      FROM b2b_docs`);
    const periodMonths = period?.months ?? 1;
    const perMonth = (n: string) => `round(${n} / ${periodMonths}, 3)`;
    // The supplier's details as its latest document gives them (deterministic, unlike mode()):
    // the key orders by date, then document type, then row.
    const latest = (c: string) =>
      `arg_max(${c}, latest_key) FILTER (WHERE ${c} IS NOT NULL) AS ${c}`;
    // Active months as bits of a BIGINT (cheaper than count(DISTINCT month)) when they fit.
    const activeMonths =
      periodMonths <= 63
        ? `bit_count(bit_or(CAST(1 AS BIGINT) << CAST(date_diff('month', DATE ${sqlString(period!.first)}, document_date) AS BIGINT)))`
        : `count(DISTINCT date_trunc('month', document_date))`;
    const query = `
      WITH docs AS NOT MATERIALIZED (
        SELECT *,
          (CAST(epoch(document_date) / 86400 AS BIGINT) << 40)
            + (CAST(CASE document_type WHEN 'Payment' THEN 2 WHEN 'Invoice' THEN 1 ELSE 0 END AS BIGINT) << 38)
            + row_number AS latest_key,
          CASE WHEN document_type = 'Payment' THEN document_date - invoice_date
               ELSE paid_date - document_date END AS days_to_pay,
          coalesce(payment_terms_days, CASE WHEN due_date IS NOT NULL
            THEN due_date - coalesce(invoice_date, document_date) END) AS agreed_days
        FROM b2b_docs
      ), methods AS (
        SELECT supplier_key, list(struct_pack(method := payment_method, count := n, amount := amount)
          ORDER BY n DESC, amount DESC) AS payment_methods
        FROM (SELECT supplier_key, payment_method, CAST(count(*) AS INTEGER) AS n,
                CAST(sum(amount_job) AS DECIMAL(18, 2)) AS amount
              FROM docs WHERE document_type = '${methodBasis}' GROUP BY ALL)
        GROUP BY supplier_key
      ), per_supplier AS (
        SELECT supplier_key,
          ${['supplier_id', 'supplier_name'].map(latest).join(', ')},
          bool_and(name_redacted) AS is_redacted,
          ${['address_line1', 'city', 'postcode', 'country', 'tax_id', 'mcc'].map(latest).join(', ')},
          CAST(coalesce(sum(amount_job) FILTER (WHERE document_type = '${spendBasis}'), 0) AS DECIMAL(18, 2)) AS spend,
          CAST(count(*) FILTER (WHERE document_type = 'PurchaseOrder') AS INTEGER) AS po_count,
          CAST(count(*) FILTER (WHERE document_type = 'Invoice') AS INTEGER) AS invoice_count,
          CAST(count(*) FILTER (WHERE document_type = 'Payment') AS INTEGER) AS payment_count,
          CAST(count(*) FILTER (WHERE amount < 0) AS INTEGER) AS credit_note_count,
          CAST(median(agreed_days) FILTER (WHERE agreed_days BETWEEN 0 AND 365) AS INTEGER) AS payment_terms_days,
          CAST(median(days_to_pay) FILTER (WHERE days_to_pay BETWEEN -60 AND 730
            AND document_type = '${methodBasis}') AS INTEGER) AS actual_days_to_pay,
          CAST(${activeMonths} AS INTEGER) AS active_months,
          min(document_date) AS first_document_date, max(document_date) AS last_document_date,
          CAST(count(*) AS INTEGER) AS source_row_count
        FROM docs GROUP BY supplier_key
      )
      SELECT s.supplier_key, s.supplier_id, s.supplier_name, s.is_redacted,
        s.address_line1, NULL::VARCHAR AS address_line2, s.city, NULL::VARCHAR AS region,
        s.postcode, s.country, s.tax_id, NULL::VARCHAR AS company_number,
        s.spend, CAST(s.spend * 12 / ${periodMonths} AS DECIMAL(18, 2)) AS annual_spend,
        s.po_count, s.invoice_count, s.payment_count, s.credit_note_count,
        m.payment_methods[1].method AS main_payment_method, m.payment_methods,
        s.payment_terms_days, s.actual_days_to_pay,
        s.actual_days_to_pay - s.payment_terms_days AS days_beyond_terms,
        ${perMonth('s.payment_count')} AS payments_per_month,
        ${perMonth('(s.po_count + s.invoice_count + s.payment_count)')} AS documents_per_month,
        s.active_months,
        ${FREQUENCY_BAND(perMonth('s.payment_count'), 's.payment_count')} AS payment_frequency,
        s.first_document_date, s.last_document_date, s.mcc,
        NULL::VARCHAR AS sic, NULL::VARCHAR AS naics, NULL::VARCHAR AS unspsc,
        NULL::VARCHAR AS contact_email, NULL::VARCHAR AS contact_phone,
        NULL::VARCHAR AS contact_name, s.source_row_count
      FROM per_supplier s LEFT JOIN methods m USING (supplier_key)
      ORDER BY s.supplier_key`;
    const supplierCount = await copyToParquet(db, query, input.outPath, {
      rowGroupSize: SUPPLIER_FILE_ROW_GROUP_SIZE,
    });
    return { parquetPath: input.outPath, supplierCount, periodMonths, spendBasis };
  } finally {
    await db.run('DROP VIEW IF EXISTS b2b_docs');
  }
}

/** Spellings listed per merged supplier (the count covers all of them). */
const SPELLINGS_LISTED = 10;

/**
 * How the accepted rows of one ingested file become suppliers (SPEC §3 validation), so that the
 * wizard can say why 1,000 rows make 940 suppliers. A supplier list's rows merge when they share
 * a supplier key (same supplier id, or same normalised name, postcode and country): a merge is
 * a supplier of more than one row. A document file has many documents per supplier by nature:
 * there a merge is a supplier whose documents spell its name in more than one way.
 */
export async function supplierMerges(input: {
  db: EngineDb;
  /** Parquet written by `ingest` (supplier rows or documents). */
  rowsPath: string;
  kind: SupplierMerges['kind'];
  limit?: number;
}): Promise<SupplierMerges> {
  const limit = input.limit ?? SUPPLIER_MERGES_LISTED;
  const merged = input.kind === 'rows' ? 'row_count > 1' : 'spelling_count > 1';
  const source = `read_parquet(${sqlString(input.rowsPath)})`;
  // Counts for every supplier, lists only for the few listed: a million rows of as many
  // suppliers must not build a million lists (that ran out of memory at 500 MB).
  await input.db.run(`CREATE OR REPLACE TEMP TABLE b2b_merge_spellings AS
    SELECT supplier_key, supplier_name AS name, CAST(count(*) AS INTEGER) AS n,
      min(row_number) AS first_row
    FROM ${source} GROUP BY supplier_key, supplier_name`);
  try {
    await input.db.run(`CREATE OR REPLACE TEMP TABLE b2b_merges AS
      SELECT supplier_key, CAST(sum(n) AS INTEGER) AS row_count,
        CAST(count(name) AS INTEGER) AS spelling_count, min(first_row) AS first_row
      FROM b2b_merge_spellings GROUP BY supplier_key`);
    const totals = await input.db.one<{ rows: number; suppliers: number; merged: number }>(`
      SELECT CAST(coalesce(sum(row_count), 0) AS INTEGER) AS rows,
        CAST(count(*) AS INTEGER) AS suppliers,
        CAST(count(*) FILTER (WHERE ${merged}) AS INTEGER) AS merged
      FROM b2b_merges`);
    const rows = await input.db.all<{
      supplier_name: string | null;
      normalised_name: string | null;
      supplier_id: string | null;
      row_count: number;
      spelling_count: number;
      spellings: { name: string; rowCount: number }[] | null;
    }>(`
      WITH listed AS (
        SELECT * FROM b2b_merges WHERE ${merged}
        ORDER BY row_count DESC, spelling_count DESC, first_row LIMIT ${limit}
      ), named AS (
        SELECT l.supplier_key, any_value(l.row_count) AS row_count,
          any_value(l.spelling_count) AS spelling_count, any_value(l.first_row) AS first_row,
          arg_min(sp.name, sp.first_row) FILTER (WHERE sp.name IS NOT NULL) AS supplier_name,
          list({'name': sp.name, 'rowCount': sp.n} ORDER BY sp.n DESC, sp.name)
            FILTER (WHERE sp.name IS NOT NULL) AS spellings
        FROM listed l JOIN b2b_merge_spellings sp USING (supplier_key)
        GROUP BY l.supplier_key
      ), ids AS (
        SELECT supplier_key, arg_min(supplier_id, row_number) FILTER (WHERE supplier_id IS NOT NULL) AS supplier_id
        FROM ${source} WHERE supplier_key IN (SELECT supplier_key FROM listed)
        GROUP BY supplier_key
      )
      SELECT n.supplier_name, ${supplierNameKeySql('n.supplier_name')} AS normalised_name,
        i.supplier_id, n.row_count, n.spelling_count,
        n.spellings[1:${SPELLINGS_LISTED}] AS spellings
      FROM named n LEFT JOIN ids i USING (supplier_key)
      ORDER BY n.row_count DESC, n.spelling_count DESC, n.first_row`);
    return {
      kind: input.kind,
      rowCount: Number(totals?.rows ?? 0),
      supplierCount: Number(totals?.suppliers ?? 0),
      mergedSupplierCount: Number(totals?.merged ?? 0),
      merges: rows.map((r) => ({
        supplierName: r.supplier_name,
        normalisedName: r.normalised_name || null,
        supplierId: r.supplier_id,
        rowCount: Number(r.row_count),
        spellings: (r.spellings ?? []).map((sp) => ({
          name: sp.name,
          rowCount: Number(sp.rowCount),
        })),
        spellingCount: Number(r.spelling_count),
      })),
    };
  } finally {
    await input.db.run(
      'DROP TABLE IF EXISTS b2b_merges; DROP TABLE IF EXISTS b2b_merge_spellings;',
    );
  }
}

/**
 * Per supplier of a Summary (or Matched Data Only) Upload: rows with the same supplier key
 * (same supplier id, or same name, postcode and country) are merged, their spend and counts summed.
 */
export async function buildSupplierList(input: {
  db: EngineDb;
  /** Parquet written by `ingest` for a supplier list. */
  rowsPath: string;
  outPath: string;
}): Promise<AggregateResult & { mergedRowCount: number; merges: SupplierMerges }> {
  const first = (c: string) => `arg_min(${c}, row_number) FILTER (WHERE ${c} IS NOT NULL) AS ${c}`;
  const query = `
    SELECT supplier_key, ${['supplier_id', 'supplier_name'].map(first).join(', ')},
      bool_and(name_redacted) AS is_redacted,
      ${['address_line1', 'address_line2', 'city', 'region', 'postcode', 'country', 'tax_id', 'company_number'].map(first).join(', ')},
      CAST(sum(annual_spend_job) AS DECIMAL(18, 2)) AS spend,
      CAST(sum(annual_spend_job) AS DECIMAL(18, 2)) AS annual_spend,
      CAST(sum(po_count) AS INTEGER) AS po_count,
      CAST(sum(invoice_count) AS INTEGER) AS invoice_count,
      CAST(sum(payment_count) AS INTEGER) AS payment_count,
      CAST(count(*) FILTER (WHERE annual_spend < 0) AS INTEGER) AS credit_note_count,
      arg_min(payment_method, row_number) FILTER (WHERE payment_method <> 'Unknown') AS main_payment_method,
      NULL::STRUCT(method VARCHAR, count INTEGER, amount DECIMAL(18, 2))[] AS payment_methods,
      ${first('payment_terms_days')},
      NULL::INTEGER AS actual_days_to_pay, NULL::INTEGER AS days_beyond_terms,
      round(sum(payment_count) / 12, 3) AS payments_per_month,
      round((coalesce(sum(po_count), 0) + coalesce(sum(invoice_count), 0) + coalesce(sum(payment_count), 0)) / 12, 3) AS documents_per_month,
      NULL::INTEGER AS active_months,
      ${FREQUENCY_BAND('sum(payment_count) / 12', 'sum(payment_count)')} AS payment_frequency,
      NULL::DATE AS first_document_date, NULL::DATE AS last_document_date,
      ${['mcc', 'sic', 'naics', 'unspsc', 'contact_email', 'contact_phone', 'contact_name'].map(first).join(', ')},
      CAST(count(*) AS INTEGER) AS source_row_count
    FROM read_parquet(${sqlString(input.rowsPath)})
    GROUP BY supplier_key ORDER BY supplier_key`;
  const supplierCount = await copyToParquet(input.db, query, input.outPath, {
    rowGroupSize: SUPPLIER_FILE_ROW_GROUP_SIZE,
  });
  const merges = await supplierMerges({ db: input.db, rowsPath: input.rowsPath, kind: 'rows' });
  return {
    parquetPath: input.outPath,
    supplierCount,
    periodMonths: 12,
    mergedRowCount: merges.rowCount - supplierCount,
    merges,
  };
}
