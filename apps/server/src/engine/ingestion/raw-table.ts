import { sqlString, type EngineDb } from '../duckdb.js';
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
