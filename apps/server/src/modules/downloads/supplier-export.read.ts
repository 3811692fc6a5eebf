/**
 * Reads: job_supplier_results (jobs module).
 *
 * A job's supplier results as a data download needs them, a batch at a time in supplier key
 * order: only the profile's columns, shaped by PostgreSQL. For CSV each row comes back as its
 * finished line (formula-like text prefixed with ', quoted where CSV needs it, money rounded to
 * the currency's minor unit, yes/no as TRUE/FALSE), so a 100,000-supplier file costs the server
 * one short text per supplier instead of fifty typed values; for XLSX the typed values. The caller
 * has checked the job is visible (the jobs service's exportReader) before reading.
 */
import { currencyMinorUnits, type DatapointName } from '@b2b/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
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

/** One CSV cell of a datapoint, the same text lib/csv.ts's csvCell writes for text. */
function csvCellOf(name: DatapointName, currency: string): SQL {
  const c = columnOf(name);
  const v = valueOf(name, currency);
  if (c.dataType === 'boolean')
    return sql`(case when ${c} then 'TRUE' when not ${c} then 'FALSE' else '' end)`;
  if (c.dataType === 'number') return sql`coalesce((${v})::text, '')`;
  // Text: a leading = + - @ tab or CR is prefixed with ' (OWASP CSV injection); quoted when
  // it holds a quote, comma or line break or starts or ends with white space. Plain string
  // tests rather than regular expressions: this runs for every text cell of every row.
  const prefix = sql`(case when left(${c}, 1) in ('=', '+', '-', '@', chr(9), chr(13)) then '''' else '' end)`;
  return sql`(case when ${c} is null then ''
    when strpos(${c}, '"') > 0 or strpos(${c}, ',') > 0 or strpos(${c}, chr(10)) > 0
      or strpos(${c}, chr(13)) > 0 or ${c} <> btrim(${c}, ' ' || chr(9) || chr(10) || chr(13))
    then '"' || ${prefix} || replace(${c}, '"', '""') || '"'
    else ${prefix} || ${c} end)`;
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
        columns.map((d) => csvCellOf(d, currency)),
        sql` || ',' || `,
      );
      return queryRows<{ key: string; line: string }>(
        db,
        sql`select ${jobSupplierResults.supplierKey} as key, ${line} as line
            from ${jobSupplierResults} where ${page(jobId, afterKey)}
            order by ${jobSupplierResults.supplierKey} limit ${limit}`,
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
