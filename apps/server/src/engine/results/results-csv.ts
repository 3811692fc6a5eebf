import { CARD_PRODUCTS } from '@b2b/contract';
import { type EngineDb, sqlString } from '../duckdb.js';
import { PRODUCT_COLUMNS } from '../scoring/score-suppliers.js';

/** A job's supplier results as a CSV file (no header) and its columns, for COPY. */
export type ResultsFile = { csvPath: string; columns: string[] };

/** The Parquet files of a job's pipeline the results are read from (scores once scored). */
export type ResultsPaths = { suppliers: string; matches: string; scores?: string | undefined };

/**
 * Joins suppliers, matches and (when scored) scores into the rows of job_supplier_results, written
 * by DuckDB as one CSV file for PostgreSQL's COPY: no per-row work in JavaScript. Returns the
 * file's columns, named as in PostgreSQL.
 */
export async function writeResultsCsv(
  db: EngineDb,
  jobId: string,
  paths: ResultsPaths,
  csvPath: string,
): Promise<ResultsFile> {
  const scored = Boolean(paths.scores);
  // Matches files written before the candidate and model columns existed lack them: a job
  // scored again from such a file gets nulls there instead of failing.
  const matchColumns = new Set(
    (
      await db.all<{ column_name: string }>(
        `DESCRIBE SELECT * FROM read_parquet(${sqlString(paths.matches)})`,
      )
    ).map((c) => c.column_name),
  );
  // Supplier files written before the contact columns were kept lack some of them.
  const supplierColumns = new Set(
    (
      await db.all<{ column_name: string }>(
        `DESCRIBE SELECT * FROM read_parquet(${sqlString(paths.suppliers)})`,
      )
    ).map((c) => c.column_name),
  );
  const fromSuppliers = (column: string) =>
    supplierColumns.has(column) ? `CAST(s.${column} AS VARCHAR)` : 'NULL::VARCHAR';
  const fromMatches = (column: string, type: string) =>
    matchColumns.has(column) ? `CAST(m.${column} AS ${type})` : `NULL::${type}`;
  const matched = `m.match_status = 'MATCHED'`;
  const ifMatched = (expr: string) => `CASE WHEN ${matched} THEN ${expr} END`;
  const slicers = {
    card_accepting: `CASE WHEN ${matched} THEN 'MATCHED' ELSE 'UNMATCHED' END`,
    vc_accepting: `CASE WHEN NOT coalesce(${matched}, false) THEN 'UNMATCHED' WHEN m.accepts_virtual_card THEN 'YES' ELSE 'NO' END`,
    detail_level: `coalesce(${ifMatched('CAST(m.data_level AS VARCHAR)')}, 'none')`,
    stp_capable: `CASE WHEN ${matched} AND m.stp_enrolled THEN 'TRUE' ELSE 'FALSE' END`,
    card_capability: `CASE WHEN ${matched} THEN 'Card Acceptor' ELSE 'Unmatched' END`,
  };
  const scoreFields = CARD_PRODUCTS.flatMap((p) => [
    `${PRODUCT_COLUMNS[p]}_score := ${scored ? `sc.${PRODUCT_COLUMNS[p]}_score` : 'NULL::INTEGER'}`,
    `${PRODUCT_COLUMNS[p]}_level := ${scored ? `sc.${PRODUCT_COLUMNS[p]}_level` : 'NULL::VARCHAR'}`,
  ]);
  const fields = [
    `job_id := ${sqlString(jobId)}`,
    's.supplier_key',
    's.supplier_id',
    `supplier_name := coalesce(s.supplier_name, '')`,
    's.country',
    's.city',
    's.postcode',
    'spend := CAST(s.spend AS DOUBLE)',
    'annual_spend := CAST(s.annual_spend AS DOUBLE)',
    'po_count := CAST(s.po_count AS INTEGER)',
    'invoice_count := CAST(s.invoice_count AS INTEGER)',
    'payment_count := CAST(s.payment_count AS INTEGER)',
    's.main_payment_method',
    'payment_methods := CAST(to_json(s.payment_methods) AS VARCHAR)',
    's.payment_frequency',
    'payment_terms_days := CAST(s.payment_terms_days AS DOUBLE)',
    'actual_days_to_pay := CAST(s.actual_days_to_pay AS DOUBLE)',
    `match_status := CASE WHEN ${matched} THEN 'MATCHED' ELSE 'UNMATCHED' END`,
    `confidence := coalesce(m.confidence, 'None')`,
    `match_source := coalesce(m.match_source, 'computed')`,
    'm.rule_id',
    'merchant_id := CAST(m.merchant_id AS VARCHAR)',
    `merchant_name := ${ifMatched('m.merchant_name')}`,
    `merchant_dba_name := ${ifMatched('m.merchant_dba_name')}`,
    // The best candidate whatever the status (the review queue, SPEC §3 supplier matching):
    // the matches file names the candidate's merchant in merchant_name even when UNMATCHED.
    `candidate_merchant_id := ${fromMatches('candidate_merchant_id', 'VARCHAR')}`,
    `candidate_merchant_name := ${matchColumns.has('candidate_merchant_id') ? 'CASE WHEN m.candidate_merchant_id IS NOT NULL THEN m.merchant_name END' : 'NULL::VARCHAR'}`,
    `match_score := ${fromMatches('match_score', 'DOUBLE')}`,
    `match_weight := ${fromMatches('match_weight', 'DOUBLE')}`,
    `match_probability := ${fromMatches('match_probability', 'DOUBLE')}`,
    `entity_id := ${fromMatches('entity_id', 'VARCHAR')}`,
    `mcc := ${ifMatched('CAST(m.merchant_mcc AS VARCHAR)')}`,
    `accepts_card := ${ifMatched('m.accepts_card')}`,
    `accepts_virtual_card := ${ifMatched('m.accepts_virtual_card')}`,
    `stp_enrolled := ${ifMatched('m.stp_enrolled')}`,
    `data_level := ${ifMatched('CAST(m.data_level AS INTEGER)')}`,
    ...scoreFields,
    `optima_product := ${scored ? 'sc.optima_product' : 'NULL::VARCHAR'}`,
    ...Object.entries(slicers).map(
      ([name, computed]) => `${name} := ${scored ? `coalesce(sc.${name}, ${computed})` : computed}`,
    ),
    // The supplier's contact, which a campaign copies (SPEC §3 campaign outreach).
    ...['contact_email', 'contact_name', 'contact_phone'].map((c) => `${c} := ${fromSuppliers(c)}`),
  ];
  const columns = fields.map((f) => {
    const [name, expression] = f.includes(':=') ? f.split(' := ') : [f.split('.')[1]!, f];
    return { name: name!.trim(), expression: expression!.trim() };
  });
  await db.run(`COPY (
    SELECT ${columns.map((c) => `${c.expression} AS ${c.name}`).join(',\n      ')}
    FROM read_parquet(${sqlString(paths.suppliers)}) s
    LEFT JOIN read_parquet(${sqlString(paths.matches)}) m USING (supplier_key)
    ${scored ? `LEFT JOIN read_parquet(${sqlString(paths.scores!)}) sc USING (supplier_key)` : ''}
  ) TO ${sqlString(csvPath)} (FORMAT csv, HEADER false)`);
  return { csvPath, columns: columns.map((c) => c.name) };
}
