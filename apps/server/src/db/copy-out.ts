import type { Readable } from 'node:stream';
import type { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Database } from './client.js';

const dialect = new PgDialect();

/** A bound value written into the statement: COPY takes no parameters. */
function literal(client: pg.PoolClient, value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string') return client.escapeLiteral(value);
  throw new TypeError(`COPY cannot inline a ${typeof value} parameter`);
}

/**
 * `COPY (query) TO STDOUT WITH (FORMAT csv)` as a byte stream: PostgreSQL writes the CSV in C
 * and Node only passes the bytes on, several times faster than reading rows (a 100,000-supplier
 * download: docs/perf/outputs.md). Null where there is no COPY stream to read (PGlite, which
 * hands COPY output back as one blob): the caller reads rows instead.
 *
 * The connection is the stream's until it ends. A stream destroyed early (the browser went
 * away) leaves the server mid-COPY, so that connection is closed rather than reused.
 */
export async function copyCsvOut(db: Database, query: SQL): Promise<Readable | null> {
  const driver = (db as unknown as { $client: pg.Pool | PGlite }).$client;
  if (!driver || 'exec' in driver || !('connect' in driver)) return null;
  const client = await driver.connect();
  let stream: Readable;
  try {
    const { sql: text, params } = dialect.sqlToQuery(query);
    // The statement text has no literals of its own with a $ in them: every value is a param.
    const inlined = text.replace(/\$(\d+)/g, (_, n: string) =>
      literal(client, params[Number(n) - 1]),
    );
    stream = client.query(copyTo(`COPY (${inlined}) TO STDOUT WITH (FORMAT csv)`));
  } catch (error) {
    client.release();
    throw error;
  }
  let ended = false;
  stream.once('end', () => (ended = true));
  stream.once('close', () => client.release(ended ? undefined : true));
  return stream;
}
