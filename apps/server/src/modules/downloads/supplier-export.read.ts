/**
 * Reads: job_supplier_results (jobs module).
 *
 * A job's supplier results as a data download needs them, in supplier key order: only the
 * profile's columns, shaped by PostgreSQL (formula-like text prefixed with ', money rounded to
 * the currency's minor unit, yes/no as TRUE/FALSE). For CSV on PostgreSQL the server writes the
 * whole file with COPY and Node passes the bytes on; elsewhere (PGlite) each row comes back, a
 * batch at a time, as its finished line quoted the way COPY quotes. For XLSX the typed values.
 * The caller has checked the job is visible (the jobs service's exportReader) before reading.
 */
import { SupplierResultSchema, currencyMinorUnits, type DatapointName } from '@b2b/contract';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { copyCsvOut } from '../../db/copy-out.js';
import { queryRows } from '../../db/transaction.js';
import { jobSupplierResults } from '../jobs/job.schema.js';

/** Amounts answered in the currency's minor unit, as the supplier list presents them. */
const MONEY: ReadonlySet<DatapointName> = new Set(['spend', 'annualSpend']);

const columnOf = (name: DatapointName) =>
  (jobSupplierResults as unknown as Record<string, PgColumn>)[name]!;

/** A datapoint's value as the supplier list answers it (money rounded). */
function valueOf(name: DatapointName, currency: string): SQL {
  const c = columnOf(name);
  return MONEY.has(name)
    ? sql`round(${c}::numeric, ${sql.raw(String(currencyMinorUnits(currency)))})::float8`
    : sql`${c}`;
}

/** What a spreadsheet runs as a formula when a cell starts with it (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * The datapoints whose values are a fixed set of words none of which starts like a formula
 * (levels, statuses, slicer values — the contract's enums, which the pipeline writes): their
 * cells need no formula test. Skipping it for them takes the test off 16 of the full analysis
 * profile's 55 columns, per row (docs/perf/outputs.md).
 */
const CANNOT_START_A_FORMULA: ReadonlySet<string> = new Set(
  Object.entries(SupplierResultSchema.shape)
    .filter(([, schema]) => {
      const inner = schema instanceof z.ZodNullable ? schema.unwrap() : schema;
      return (
        inner instanceof z.ZodEnum && inner.options.every((o) => !FORMULA_START.test(String(o)))
      );
    })
    .map(([name]) => name),
);

/**
 * A datapoint's CSV field before quoting: text with a leading = + - @ tab or CR prefixed with '
 * (OWASP CSV injection; ascii() rather than a pattern, as it runs for every text cell), yes/no
 * as TRUE/FALSE, money rounded; null stays null (an empty field).
 */
function csvFieldOf(name: DatapointName, currency: string): SQL {
  const c = columnOf(name);
  if (c.dataType === 'boolean')
    return sql`(case when ${c} then 'TRUE' when not ${c} then 'FALSE' end)`;
  if (c.dataType === 'number') return valueOf(name, currency);
  if (CANNOT_START_A_FORMULA.has(name)) return sql`${c}`;
  return sql`(case when ascii(${c}) in (61, 43, 45, 64, 9, 13) then '''' || ${c} else ${c} end)`;
}

/**
 * A field quoted as PostgreSQL's COPY … WITH (FORMAT csv) quotes it, so the line path (PGlite)
 * writes the same bytes as the COPY path: quoted when it holds a quote, comma or line break, or
 * is empty text (an unquoted empty field is a null). Spaces stay unquoted (RFC 4180 §2.4: they
 * are part of the field).
 */
function csvQuoted(field: SQL): SQL {
  return sql`(case when ${field} is null then ''
    when ${field} = '' or strpos(${field}, '"') > 0 or strpos(${field}, ',') > 0
      or strpos(${field}, chr(10)) > 0 or strpos(${field}, chr(13)) > 0
    then '"' || replace(${field}, '"', '""') || '"'
    else ${field} end)`;
}

export function createSupplierExportRead(db: Database) {
  const page = (jobId: string, afterKey: string | null) =>
    afterKey === null
      ? sql`${jobSupplierResults.jobId} = ${jobId}`
      : sql`${jobSupplierResults.jobId} = ${jobId} and ${jobSupplierResults.supplierKey} > ${afterKey}`;

  return {
    /** Up to `limit` CSV lines (without line ends) after `afterKey`, with each row's key. */
    csvLines(
      jobId: string,
      columns: readonly DatapointName[],
      currency: string,
      afterKey: string | null,
      limit: number,
    ) {
      const line = sql.join(
        columns.map((d) => csvQuoted(sql`(${csvFieldOf(d, currency)})::text`)),
        sql` || ',' || `,
      );
      return queryRows<{ key: string; line: string }>(
        db,
        sql`select ${jobSupplierResults.supplierKey} as key, ${line} as line
            from ${jobSupplierResults} where ${page(jobId, afterKey)}
            order by ${jobSupplierResults.supplierKey} limit ${limit}`,
      );
    },

    /**
     * The whole job's CSV rows (no header, LF line ends) as PostgreSQL's COPY writes them, in
     * supplier key order; null where the database has no COPY stream (PGlite): use csvLines.
     */
    csvCopy(jobId: string, columns: readonly DatapointName[], currency: string) {
      const fields = sql.join(
        columns.map((d) => csvFieldOf(d, currency)),
        sql`, `,
      );
      return copyCsvOut(
        db,
        sql`select ${fields} from ${jobSupplierResults}
            where ${jobSupplierResults.jobId} = ${jobId}
            order by ${jobSupplierResults.supplierKey}`,
      );
    },

    /** Up to `limit` rows of typed values (c0, c1, … in the columns' order) after `afterKey`. */
    async valueRows(
      jobId: string,
      columns: readonly DatapointName[],
      currency: string,
      afterKey: string | null,
      limit: number,
    ) {
      const values = sql.join(
        columns.map((d, i) => sql`${valueOf(d, currency)} as ${sql.raw(`c${i}`)}`),
        sql`, `,
      );
      const rows = await queryRows<Record<string, string | number | boolean | null>>(
        db,
        sql`select ${jobSupplierResults.supplierKey} as key, ${values}
            from ${jobSupplierResults} where ${page(jobId, afterKey)}
            order by ${jobSupplierResults.supplierKey} limit ${limit}`,
      );
      return rows.map((r) => ({
        key: r.key as string,
        values: columns.map((_, i) => r[`c${i}`] ?? null),
      }));
    },
  };
}
export type SupplierExportRead = ReturnType<typeof createSupplierExportRead>;
