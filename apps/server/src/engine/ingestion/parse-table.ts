import type { ColumnMapping, IngestOptions, JobType } from '@b2b/contract';
import { sqlString, type EngineDb } from '../duckdb.js';
import { installCountries } from '../countries.js';
import { buildParseQuery, type WarningCheck } from './field-sql.js';
import { PARSED_TABLE, RAW_TABLE } from './raw-table.js';
import { installParseMacros } from './parse-macros.js';
import { splitAddressColumn } from './split-address.js';

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
 * Defines the view `b2b_ingest_parsed` over `b2b_ingest_raw`: the raw columns, every typed field
 * and a `reject_reason` (NULL for accepted rows). A view, not a table: each later query (accepted
 * rows, rejects, warnings) computes only the columns it reads, and nothing wide is materialised.
 * Returns the warning checks to count afterwards.
 */
export async function createParsedTable(
  db: EngineDb,
  settings: ParseSettings,
): Promise<{
  warnings: WarningCheck[];
  decimalSeparator: string;
  dayFirst: boolean;
  /** The mapping the parse used: with a split address, the fields the split filled too. */
  mapping: ColumnMapping;
}> {
  await installParseMacros(db);
  await installCountries(db);
  // A column of whole addresses becomes street, town, postcode… columns first (the wizard's
  // "split a single address column").
  const mapping = settings.options.splitAddress
    ? await splitAddressColumn(db, settings.mapping)
    : settings.mapping;
  const { decimalSeparator, dayFirst } = await detectFormats(db, mapping, settings.options);
  const redactedPolicy =
    settings.options.redactedNames ?? (settings.jobType === 'advanced' ? 'flag' : 'reject');
  const { lookupTables, sql, warnings } = buildParseQuery({
    mapping,
    jobType: settings.jobType,
    decimalSeparator: sqlString(decimalSeparator),
    dayFirst,
    jobCurrency: settings.jobCurrency.toUpperCase(),
    rejectRedacted: redactedPolicy === 'reject',
  });
  for (const statement of lookupTables) await db.run(statement);
  await db.run(`CREATE OR REPLACE TEMP VIEW ${PARSED_TABLE} AS ${sql}`);
  return { warnings, decimalSeparator, dayFirst, mapping };
}

/** Drops the ingestion scratch tables. */
export async function dropParseTables(db: EngineDb): Promise<void> {
  await db.run(`DROP VIEW IF EXISTS ${PARSED_TABLE}; DROP TABLE IF EXISTS ${RAW_TABLE};`);
  const lookups = await db.all<{ name: string }>(
    `SELECT table_name AS name FROM duckdb_tables() WHERE temporary AND table_name LIKE 'b2b_l_%'`,
  );
  for (const { name } of lookups) await db.run(`DROP TABLE IF EXISTS ${name}`);
}
