import fs from 'node:fs';
import {
  type ColumnMapping,
  type DocumentType,
  type FileSniff,
  type IngestOptions,
  type IngestSummary,
  type IngestWarning,
  type JobType,
  type RejectedRow,
} from '@b2b/contract';
import { copyToParquet, sqlIdentifier, sqlString, type EngineDb } from '../duckdb.js';
import { EngineError } from '../engine-error.js';
import { validateColumnMapping } from './column-mapping.js';
import { DOCUMENT_COLUMNS, SUPPLIER_ROW_COLUMNS, type WarningCheck } from './field-sql.js';
import { createParsedTable, dropParseTables } from './parse-table.js';
import { loadRawTable, PARSED_TABLE, RAW_TABLE } from './raw-table.js';
import { prepareCsv } from './sniff-file.js';
import { uiText } from '../../lib/ui-text.js';

export interface IngestInput {
  db: EngineDb;
  /** Local path of the uploaded file. */
  file: string;
  /** What `sniffFile` found (encoding, delimiter, header row, headers). */
  sniff: FileSniff;
  jobType: JobType;
  /** Consultant Upload only: what the file's rows are. */
  documentType?: DocumentType;
  mapping: ColumnMapping;
  /** The job's currency (ISO 4217); rows without their own currency are in it. */
  currency: string;
  /** Job-currency units per unit of another currency, for `amount_job` / `annual_spend_job`. */
  fxRates?: Record<string, number>;
  options?: IngestOptions;
  /** Parquet file for the accepted rows. */
  outPath: string;
  /** CSV file for every rejected row with its reason (for the wizard's download). */
  rejectsPath?: string;
  /** Scratch folder (converted copies of the upload). */
  workDir: string;
  /** How many rejected rows to return inline (all are in `rejectsPath`). Default 1000. */
  maxRejectedReturned?: number;
}

export interface IngestResult extends IngestSummary {
  parquetPath: string;
  rejectsPath?: string;
  decimalSeparator: string;
  dayFirst: boolean;
}

/**
 * Converts an upload into a typed Parquet file: supplier rows (Summary / Matched Data Only) or
 * documents (Consultant Upload), with every rejected row and its reason. All parsing runs as one
 * DuckDB query over the file (read as VARCHAR, then converted), so a million rows take seconds.
 */
export async function ingest(input: IngestInput): Promise<IngestResult> {
  const { db, sniff, jobType, mapping } = input;
  validateColumnMapping(mapping, sniff.headers, jobType, input.documentType);
  const csv = await prepareCsv(input.file, sniff, input.workDir);
  try {
    await loadRawTable(db, csv, sniff.headers.length);
    const jobCurrency = input.currency.toUpperCase();
    const parse = await createParsedTable(db, {
      mapping,
      jobType,
      jobCurrency,
      options: input.options ?? {},
    });
    await refuseBlankNames(db);
    await createRejectedTable(db);
    await createFxTable(db, jobCurrency, input.fxRates ?? {});
    // Not sorted by row number: what reads these rows (the supplier list, the documents'
    // aggregation) orders by row_number itself where it must. Sorting a million wide rows
    // before writing them was 0.35 s of `ingest()` (docs/perf/pipeline.md).
    const accepted = await copyToParquet(
      db,
      outputSelect(jobType, input.documentType),
      input.outPath,
    );
    const { total, redacted, warnings: parseWarnings } = await countRows(db, parse.warnings);
    const rejected = await readRejected(db, sniff.headers, input.maxRejectedReturned ?? 1000);
    if (input.rejectsPath) await writeRejectsCsv(db, sniff.headers, input.rejectsPath);
    const warnings = [...parseWarnings, ...(await fxWarnings(db, jobCurrency))];
    return {
      documentType: input.documentType,
      parquetPath: input.outPath,
      rejectsPath: input.rejectsPath,
      rowCount: total,
      acceptedCount: accepted,
      rejectedCount: total - accepted,
      rejected,
      warnings,
      flaggedRedactedCount: redacted,
      decimalSeparator: parse.decimalSeparator,
      dayFirst: parse.dayFirst,
    };
  } finally {
    await dropParseTables(db);
    await db.run(`DROP TABLE IF EXISTS b2b_ingest_fx; DROP TABLE IF EXISTS ${REJECTED_TABLE};`);
    if (csv.converted) await fs.promises.rm(csv.csvPath, { force: true });
  }
}

/** The rejected rows' numbers and reasons (`createRejectedTable`). */
const REJECTED_TABLE = 'b2b_ingest_rejected';

/**
 * Creates `b2b_ingest_rejected` (row_number, reject_reason): a row's reason reads every typed
 * field, so each query over the parsed view that asked for it parsed the whole file again (the
 * rejects returned, the rejects file, the counts, the currencies: about 0.7 s each for 1,000,000
 * rows). They read this table and the raw one instead, and the view only for the fields they
 * count.
 */
async function createRejectedTable(db: EngineDb): Promise<void> {
  await db.run(`CREATE OR REPLACE TEMP TABLE ${REJECTED_TABLE} AS
    SELECT row_number, reject_reason FROM ${PARSED_TABLE} WHERE reject_reason IS NOT NULL`);
}

async function createFxTable(db: EngineDb, jobCurrency: string, rates: Record<string, number>) {
  const rows = [[jobCurrency, 1], ...Object.entries(rates).filter(([c]) => c !== jobCurrency)]
    .map(([c, r]) => `(${sqlString(String(c).toUpperCase())}, CAST(${Number(r)} AS DOUBLE))`)
    .join(', ');
  await db.run(`CREATE OR REPLACE TEMP TABLE b2b_ingest_fx AS
    SELECT * FROM (VALUES ${rows}) t(currency, rate)`);
}

/** The message of an upload without a single supplier name (SPEC §3 validation). */
export const BLANK_NAMES_MESSAGE =
  "Every row's supplier name is blank: map the column that holds supplier names.";

/**
 * Refuses a file in which no row has a supplier name (blank, or the column not mapped): nothing
 * could be matched, and a supplier list would be all rejected rows. Redacted names are names.
 */
async function refuseBlankNames(db: EngineDb): Promise<void> {
  const row = await db.one<{ total: number; named: number }>(
    `SELECT CAST(count(*) AS INTEGER) AS total,
       CAST(count(*) FILTER (WHERE supplier_name IS NOT NULL OR name_redacted) AS INTEGER) AS named
     FROM ${PARSED_TABLE}`,
  );
  if (Number(row?.total ?? 0) > 0 && Number(row?.named ?? 0) === 0)
    throw new EngineError('MAPPING_INVALID', BLANK_NAMES_MESSAGE);
}

/**
 * A supplier name as supplier keys compare it: lower case, accents stripped, every run of other
 * characters one space (so "ACME Ltd." and "Acme ltd" are one supplier).
 */
export const supplierNameKeySql = (v: string) =>
  `trim(regexp_replace(lower(strip_accents(${v})), '[^a-z0-9]+', ' ', 'g'))`;

/** The output layout's SELECT over the parsed table. */
export function outputSelect(jobType: JobType, documentType: DocumentType | undefined): string {
  const keyText = supplierNameKeySql;
  const idKey = `'id:' || lower(p.supplier_id)`;
  const computed: Record<string, string> = {
    document_type: sqlString(documentType ?? ''),
    supplier_key:
      jobType === 'advanced'
        ? `left(md5(CASE WHEN p.supplier_id IS NOT NULL THEN ${idKey}
             WHEN p.supplier_name IS NOT NULL THEN 'name:' || ${keyText('p.supplier_name')}
             ELSE 'redacted' END), 16)`
        : `left(md5(CASE WHEN p.supplier_id IS NOT NULL THEN ${idKey}
             ELSE 'name:' || ${keyText("coalesce(p.supplier_name, '')")} || '|' ||
               coalesce(replace(p.postcode, ' ', ''), '') || '|' || coalesce(p.country, '') END), 16)`,
    amount_job: 'CAST(p.amount * fx.rate AS DECIMAL(18, 2))',
    annual_spend_job: 'CAST(p.annual_spend * fx.rate AS DECIMAL(18, 2))',
  };
  const columns = jobType === 'advanced' ? DOCUMENT_COLUMNS : SUPPLIER_ROW_COLUMNS;
  const select = columns.map((c) => (c in computed ? `${computed[c]} AS ${c}` : `p.${c}`));
  return `SELECT ${select.join(', ')} FROM ${PARSED_TABLE} p
    LEFT JOIN b2b_ingest_fx fx ON fx.currency = p.currency
    WHERE p.row_number NOT IN (SELECT row_number FROM ${REJECTED_TABLE})`;
}

function rawColumns(headers: string[]): string {
  return headers.map((h, i) => `c${i} AS ${sqlIdentifier(h)}`).join(', ');
}

async function readRejected(
  db: EngineDb,
  headers: string[],
  limit: number,
): Promise<RejectedRow[]> {
  const rows = await db.all<Record<string, string | null>>(
    `SELECT row_number, r.reject_reason, ${headers.map((_, i) => `c${i}`).join(', ')}
     FROM ${REJECTED_TABLE} r JOIN ${RAW_TABLE} USING (row_number) ORDER BY row_number LIMIT ${limit}`,
  );
  return rows.map((row) => ({
    rowNumber: Number(row.row_number),
    reason: String(row.reject_reason),
    raw: Object.fromEntries(headers.map((h, i) => [h, row[`c${i}`] ?? null])),
  }));
}

async function writeRejectsCsv(db: EngineDb, headers: string[], target: string): Promise<void> {
  await db.run(`COPY (
      SELECT row_number AS "Row", r.reject_reason AS "Reason", ${rawColumns(headers)}
      FROM ${REJECTED_TABLE} r JOIN ${RAW_TABLE} USING (row_number) ORDER BY row_number
    ) TO ${sqlString(target)} (FORMAT csv, HEADER true)`);
}

/** Row counts and the optional-field warnings, in one pass over the parsed view. */
async function countRows(
  db: EngineDb,
  checks: WarningCheck[],
): Promise<{ total: number; redacted: number; warnings: IngestWarning[] }> {
  const select = checks
    .map(
      (_, i) =>
        `CAST(count(*) FILTER (WHERE w${i} AND accepted) AS INTEGER) AS n${i},
         min(w${i}_raw) AS a${i}, max(w${i}_raw) AS b${i}`,
    )
    .join(', ');
  const row =
    (await db.one(`SELECT CAST(count(*) AS INTEGER) AS total,
      CAST(count(*) FILTER (WHERE name_redacted AND accepted) AS INTEGER) AS redacted
      ${select ? `, ${select}` : ''}
      FROM (SELECT p.*, r.row_number IS NULL AS accepted FROM ${PARSED_TABLE} p
            LEFT JOIN ${REJECTED_TABLE} r USING (row_number))`)) ?? {};
  const warnings = checks.flatMap((check, i) => {
    const count = Number(row[`n${i}`] ?? 0);
    if (count === 0) return [];
    const examples = [...new Set([row[`a${i}`], row[`b${i}`]].filter((v) => v != null))];
    return [
      {
        field: check.field,
        count,
        message: check.message,
        examples: examples.map(String),
      },
    ];
  });
  return { total: Number(row.total ?? 0), redacted: Number(row.redacted ?? 0), warnings };
}

async function fxWarnings(db: EngineDb, jobCurrency: string): Promise<IngestWarning[]> {
  const rows = await db.all<{ currency: string; n: number }>(
    `SELECT p.currency, CAST(count(*) AS INTEGER) AS n FROM ${PARSED_TABLE} p
     LEFT JOIN b2b_ingest_fx fx ON fx.currency = p.currency
     WHERE fx.rate IS NULL AND p.row_number NOT IN (SELECT row_number FROM ${REJECTED_TABLE})
     GROUP BY p.currency ORDER BY n DESC`,
  );
  return rows.map((r) => ({
    field: 'currency' as const,
    count: r.n,
    message: uiText(
      `No exchange rate from ${r.currency} to ${jobCurrency}: these amounts are left out of job-currency totals`,
    ),
    examples: [r.currency],
  }));
}
