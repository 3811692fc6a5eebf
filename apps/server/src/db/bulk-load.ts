import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { PGlite, Transaction as PgliteTransaction } from '@electric-sql/pglite';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database } from './client.js';

/** A transaction on the driver itself: plain statements and COPY FROM a CSV file. */
export interface BulkTransaction {
  query<T = Record<string, unknown>>(statement: string, params?: unknown[]): Promise<T[]>;
  /** `COPY table (columns) FROM` the CSV file (no header; an unquoted empty field is NULL). */
  copyCsv(table: string, columns: string[], csvPath: string): Promise<void>;
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
const copyStatement = (table: string, columns: string[], source: string) =>
  `COPY ${quoteIdent(table)} (${columns.map(quoteIdent).join(', ')}) FROM ${source} WITH (FORMAT csv)`;

/**
 * Runs `work` in one transaction below Drizzle, for bulk loads: COPY moves a hundred thousand
 * rows in a fraction of the time of INSERT statements, and neither driver offers it through
 * Drizzle. PostgreSQL streams the file (pg-copy-streams); PGlite reads it as a blob.
 */
export async function inBulkTransaction<T>(
  db: Database,
  work: (tx: BulkTransaction) => Promise<T>,
): Promise<T> {
  // Drizzle keeps the driver it was given: a pg Pool, or the PGlite instance.
  const driver = (db as unknown as { $client: pg.Pool | PGlite }).$client;
  if ('exec' in driver) {
    return driver.transaction((tx: PgliteTransaction) =>
      work({
        async query<R>(statement: string, params?: unknown[]) {
          return (await tx.query<R>(statement, params)).rows;
        },
        async copyCsv(table, columns, csvPath) {
          const blob = await fs.openAsBlob(csvPath);
          await tx.query(copyStatement(table, columns, `'/dev/blob'`), [], { blob });
        },
      }),
    );
  }
  const client = await driver.connect();
  try {
    await client.query('BEGIN');
    const result = await work({
      async query<R>(statement: string, params?: unknown[]) {
        return (await client.query(statement, params)).rows as R[];
      },
      async copyCsv(table, columns, csvPath) {
        await pipeline(
          fs.createReadStream(csvPath),
          client.query(copyFrom(copyStatement(table, columns, 'STDIN'))),
        );
      },
    });
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
