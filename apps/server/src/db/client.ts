import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** The one database type the repos use, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Where the data lives, for messages and the integration configuration call (no password). */
  location: string;
  close: () => Promise<void>;
};

export type DatabaseOptions = {
  databaseUrl?: string;
  dataDir?: string;
  /** A PGlite data-dir dump to start from (tests start from a migrated snapshot). */
  loadDataDir?: Blob;
  /** In-memory PGlite. */
  memory?: boolean;
};

/** Raised when the database cannot be reached; main.ts prints its message as one line. */
export class DatabaseUnavailableError extends Error {}

export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparseable DATABASE_URL)';
  }
}

/** Opens PGlite (embedded) or a real PostgreSQL server, and proves it answers. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options);
}

/**
 * Statements named with this prefix are planned for each execution's values; other named
 * statements may keep one generic plan (db/prepared-queries.ts).
 */
export const PLANNED_EACH_TIME = 'each_';

/**
 * Sends the queries of statements named PLANNED_EACH_TIME… to `plannedEach`, the rest to
 * `pool`'s own connections. How PostgreSQL plans a named statement is a setting of its
 * connection, not of the statement, so the two kinds need connections of their own. The pool
 * drizzle is given stays a pg.Pool, on which alone it opens transactions.
 */
function routePlannedEach(pool: pg.Pool, plannedEach: pg.Pool) {
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  pool.query = ((...args: unknown[]) => {
    const name = (args[0] as { name?: unknown } | undefined)?.name;
    return typeof name === 'string' && name.startsWith(PLANNED_EACH_TIME)
      ? (plannedEach.query as (...a: unknown[]) => unknown)(...args)
      : query(...args);
  }) as typeof pool.query;
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const connect = (max: number, planCacheMode: string) => {
    const pool = new pg.Pool({
      connectionString: url,
      max,
      connectionTimeoutMillis: 5000,
      options: `-c plan_cache_mode=${planCacheMode}`,
    });
    // A failed idle client must not crash the process; the next query reports the problem.
    pool.on('error', () => undefined);
    return pool;
  };
  // auto is PostgreSQL's own default, said here so that a server configured otherwise does
  // not change how named statements are planned.
  const pool = connect(10, 'auto');
  const plannedEach = connect(4, 'force_custom_plan');
  routePlannedEach(pool, plannedEach);
  const close = () => Promise.all([pool.end(), plannedEach.end()]).then(() => undefined);
  try {
    await pool.query('select 1');
  } catch (error) {
    await close().catch(() => undefined);
    throw new DatabaseUnavailableError(
      `Cannot reach the database at ${redactUrl(url)}: ${(error as Error).message}`,
    );
  }
  return {
    db: drizzlePg(pool, { schema }) as unknown as Database,
    kind: 'postgres',
    location: redactUrl(url),
    close,
  };
}

async function openPglite(options: DatabaseOptions): Promise<DatabaseHandle> {
  let dataDir: string | undefined;
  if (!options.memory) {
    dataDir = path.join(options.dataDir ?? './data', 'pglite');
    fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  }
  let client: PGlite;
  try {
    client = await PGlite.create(dataDir, { loadDataDir: options.loadDataDir });
    await client.query('select 1');
  } catch (error) {
    throw new DatabaseUnavailableError(
      `Cannot open the embedded database at ${dataDir ?? 'memory://'}: ${(error as Error).message}`,
    );
  }
  return {
    db: drizzlePglite(client, { schema }) as unknown as Database,
    kind: 'pglite',
    location: dataDir ?? 'memory://',
    close: () => client.close(),
  };
}
