import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

const LOSSY_IN_JSON = new Set(['PgNumeric', 'PgBigInt64']);

/**
 * A table's rows as one JSON array column of another query — a parent read with its children
 * in one round trip — decoded as a plain select of the table decodes them: each value through
 * its column's own mapping (a timestamp to a Date, jsonb parsed), keyed by the column's name
 * in the code. Each round trip costs the API process a socket write and a wake-up of the
 * database's process, more than reading a few child rows (docs/perf/load-and-soak.md).
 *
 * `where` relates the rows to the outer query (`eq(child.parentId, parent.id)`); the rows come
 * in `orderBy`'s order, and an empty array when there are none.
 */
export function jsonRowsOf<Table extends PgTable>(
  table: Table,
  options: { where: SQL; orderBy: SQL },
): SQL<Table['$inferSelect'][]> {
  const columns = Object.entries(getTableColumns(table));
  for (const [key, column] of columns) {
    // JSON writes these as numbers, which cannot hold all their digits.
    if (LOSSY_IN_JSON.has(column.columnType))
      throw new Error(`jsonRowsOf: ${key} (${column.columnType}) would lose digits in JSON`);
  }
  const decode = (value: unknown): Table['$inferSelect'][] => {
    const rows = (typeof value === 'string' ? JSON.parse(value) : value) as Record<
      string,
      unknown
    >[];
    return rows.map((json) => {
      const row: Record<string, unknown> = {};
      for (const [key, column] of columns) {
        const stored = json[column.name];
        row[key] =
          stored === null || stored === undefined ? null : column.mapFromDriverValue(stored);
      }
      return row as Table['$inferSelect'];
    });
  };
  // The table's name stands for its whole row, so json_agg writes each row under the columns'
  // names in the database, which `decode` maps back.
  return sql<
    Table['$inferSelect'][]
  >`(select coalesce(json_agg(${table} order by ${options.orderBy}), '[]'::json) from ${table} where ${options.where})`.mapWith(
    decode,
  );
}
