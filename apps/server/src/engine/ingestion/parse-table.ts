import type { ColumnMapping, IngestOptions, JobType } from '@b2b/contract';
import { sqlString, type EngineDb } from '../duckdb.js';
import { installCountries } from '../countries.js';
import { buildFieldSql, type WarningCheck } from './field-sql.js';
import { installParseMacros } from './parse-macros.js';
import type { PreparedCsv } from './sniff-file.js';

export const RAW_TABLE = 'b2b_ingest_raw';
export const PARSED_TABLE = 'b2b_ingest_parsed';

/**
 * Reads the CSV into `b2b_ingest_raw` with every column as VARCHAR (c0…cN-1, plus c_extra that
 * catches rows wider than the header) and a row number as a spreadsheet shows it. Blank rows are
 * dropped. The streaming window keeps `row_number() OVER ()` in file order.
 */
export async function loadRawTable(
  db: EngineDb,
  csv: PreparedCsv,
  columnCount: number,
  limit?: number,
): Promise<void> {
  const names = Array.from({ length: columnCount }, (_, i) => `c${i}`);
  const columns = [...names, 'c_extra'].map((n) => `'${n}': 'VARCHAR'`).join(', ');
  const allBlank = [...names, 'c_extra'].map((n) => `${n} IS NULL`).join(' AND ');
  await db.run(`CREATE OR REPLACE TEMP TABLE ${RAW_TABLE} AS
    SELECT * FROM (
      SELECT CAST(row_number() OVER () + ${csv.skipLines} AS INTEGER) AS row_number, *
      FROM read_csv(${sqlString(csv.csvPath)}, delim = ${sqlString(csv.delimiter)}, quote = '"',
        escape = '"', header = false, skip = ${csv.skipLines}, columns = {${columns}},
        null_padding = true, strict_mode = false, auto_detect = false, parallel = false)
      ${limit !== undefined ? `LIMIT ${Math.trunc(limit)}` : ''}
    ) WHERE NOT (${allBlank})`);
}

/** Decimal separator and date order: as configured, or guessed from the file's own values. */
export async function detectFormats(
  db: EngineDb,
  mapping: ColumnMapping,
  options: IngestOptions,
): Promise<{ decimalSeparator: '.' | ',' | 'auto'; dayFirst: boolean }> {
  let decimalSeparator = options.decimalSeparator ?? 'auto';
  const amountColumn = mapping.amount ?? mapping.annualSpend;
  if (decimalSeparator === 'auto' && amountColumn !== undefined) {
    const row = await db.one<{ comma: number; dot: number }>(`
      SELECT CAST(count(*) FILTER (WHERE regexp_matches(t, '\\d,\\d{1,2}$')) AS INTEGER) AS comma,
             CAST(count(*) FILTER (WHERE regexp_matches(t, '\\d\\.\\d{1,2}$')) AS INTEGER) AS dot
      FROM (SELECT regexp_replace(trim(c${amountColumn}), '[^0-9]+$', '') AS t
            FROM ${RAW_TABLE} WHERE c${amountColumn} IS NOT NULL LIMIT 50000)`);
    if (row && row.comma > row.dot) decimalSeparator = ',';
    else if (row && row.dot > 0) decimalSeparator = '.';
  }
  let dayFirst = options.dateOrder !== 'MDY';
  const dateColumns = (['documentDate', 'invoiceDate', 'dueDate', 'paidDate'] as const)
    .map((f) => mapping[f])
    .filter((c): c is number => c !== undefined);
  if ((options.dateOrder ?? 'auto') === 'auto' && dateColumns.length > 0) {
    const pattern = `'^\\s*(\\d{1,2})[/.-](\\d{1,2})[/.-]\\d{2,4}'`;
    const values = dateColumns
      .map((c) => `SELECT c${c} AS v FROM ${RAW_TABLE} WHERE c${c} IS NOT NULL`)
      .join(' UNION ALL ');
    const row = await db.one<{ dmy: number; mdy: number }>(`
      SELECT CAST(count(*) FILTER (WHERE try_cast(regexp_extract(v, ${pattern}, 1) AS INTEGER) > 12) AS INTEGER) AS dmy,
             CAST(count(*) FILTER (WHERE try_cast(regexp_extract(v, ${pattern}, 2) AS INTEGER) > 12) AS INTEGER) AS mdy
      FROM (SELECT v FROM (${values}) LIMIT 100000)`);
    dayFirst = !(row && row.mdy > 0 && row.dmy === 0);
  }
  return { decimalSeparator, dayFirst };
}

export interface ParseSettings {
  mapping: ColumnMapping;
  jobType: JobType;
  jobCurrency: string;
  options: IngestOptions;
}

/**
 * Parses `b2b_ingest_raw` into `b2b_ingest_parsed`: the raw columns, every typed field and a
 * `reject_reason` (NULL for accepted rows). Returns the warning checks to count afterwards.
 */
export async function createParsedTable(
  db: EngineDb,
  settings: ParseSettings,
): Promise<{ warnings: WarningCheck[]; decimalSeparator: string; dayFirst: boolean }> {
  await installParseMacros(db);
  await installCountries(db);
  const { decimalSeparator, dayFirst } = await detectFormats(
    db,
    settings.mapping,
    settings.options,
  );
  const redactedPolicy =
    settings.options.redactedNames ?? (settings.jobType === 'advanced' ? 'flag' : 'reject');
  const { parsed, reasons, warnings } = buildFieldSql({
    mapping: settings.mapping,
    jobType: settings.jobType,
    decimalSeparator: sqlString(decimalSeparator),
    dayFirst,
    jobCurrency: settings.jobCurrency.toUpperCase(),
    rejectRedacted: redactedPolicy === 'reject',
  });
  const countryRaw =
    settings.mapping.country !== undefined ? `r.c${settings.mapping.country}` : 'NULL';
  const warningColumns = warnings.map(
    (w, i) =>
      `coalesce(${w.failed}, false) AS w${i}, CASE WHEN ${w.failed} THEN ${w.raw} END AS w${i}_raw`,
  );
  await db.run(`CREATE OR REPLACE TEMP TABLE ${PARSED_TABLE} AS
    SELECT r.*,
      ${Object.entries(parsed)
        .map(([name, sql]) => `${sql} AS ${name}`)
        .join(',\n      ')},
      ${warningColumns.length ? `${warningColumns.join(', ')},` : ''}
      nullif(concat_ws('; ', ${reasons.join(', ')}), '') AS reject_reason
    FROM ${RAW_TABLE} r
    LEFT JOIN b2b_countries k ON k.key = b2b_country_key(${countryRaw})`);
  await db.run(`DROP TABLE IF EXISTS ${RAW_TABLE}`);
  return { warnings, decimalSeparator, dayFirst };
}

/** Drops the ingestion scratch tables. */
export async function dropParseTables(db: EngineDb): Promise<void> {
  await db.run(`DROP TABLE IF EXISTS ${RAW_TABLE}; DROP TABLE IF EXISTS ${PARSED_TABLE};`);
}
