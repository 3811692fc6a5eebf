import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';

/**
 * The one database type the repos use, whichever driver is underneath. It carries no schema
 * generic: nothing uses `db.query.*`, and without it `db/` depends on no module's tables.
 */
export type Database = PgDatabase<PgQueryResultHKT>;

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
 * How PostgreSQL plans a named statement: 'auto', its default (after five executions it keeps
 * a generic plan when that is estimated no dearer than planning for each value); 'each', for
 * each execution's values; 'once', one generic plan whatever the estimates. It is a setting of
 * the connection, not of the statement, so each planning has connections of its own, and a
 * repo picks them by name: `plannedDatabases(db).each`.
 */
export type Planning = 'auto' | 'each' | 'once';

export const PLAN_CACHE_MODE: Record<Planning, string> = {
  auto: 'auto',
  each: 'force_custom_plan',
  once: 'force_generic_plan',
};

/** The same database on connections planned each way (on PGlite, three names for one). */
export type PlannedDatabases = Record<Planning, Database>;

const plannedByDatabase = new WeakMap<Database, PlannedDatabases>();

/**
 * The connections planned each way behind `db`, for a repo to run a named statement on
 * (db/prepared-queries.ts). A database opened otherwise (PGlite, a transaction) answers
 * itself three times: it has one connection, planned PostgreSQL's default way.
 */
export function plannedDatabases(db: Database): PlannedDatabases {
  return plannedByDatabase.get(db) ?? { auto: db, each: db, once: db };
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const connect = (max: number, planning: Planning) => {
    const pool = new pg.Pool({
      connectionString: url,
      max,
      connectionTimeoutMillis: 5000,
      // Without JIT: compiling a plan cost more than the statements it sped up. With it on, the
      // use-case figures over 100,000 suppliers took 276 ms at the median (231 without), the
      // campaign selection 377 ms (276), and the chat search went from 10 to 900 ms.
      options: `-c plan_cache_mode=${PLAN_CACHE_MODE[planning]} -c jit=off`,
    });
    // A failed idle client must not crash the process; the next query reports the problem.
    pool.on('error', () => undefined);
    return pool;
  };
  // auto is PostgreSQL's own default, said so that a server configured otherwise does not
  // change how named statements are planned. Only the list pages use the other two, which
  // open connections when first asked.
  const pool = connect(10, 'auto');
  const others = { each: connect(4, 'each'), once: connect(4, 'once') };
  const close = () =>
    Promise.all([pool, ...Object.values(others)].map((p) => p.end())).then(() => undefined);
  try {
    await pool.query('select 1');
  } catch (error) {
    await close().catch(() => undefined);
    throw new DatabaseUnavailableError(
      `Cannot reach the database at ${redactUrl(url)}: ${(error as Error).message}`,
    );
  }
  // drizzle opens transactions on `pool` alone: only named statements use the other two.
  const db = drizzlePg(pool) as unknown as Database;
  const on = (p: pg.Pool) => drizzlePg(p) as unknown as Database;
  plannedByDatabase.set(db, { auto: db, each: on(others.each), once: on(others.once) });
  return { db, kind: 'postgres', location: redactUrl(url), close };
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
    db: drizzlePglite(client) as unknown as Database,
    kind: 'pglite',
    location: dataDir ?? 'memory://',
    close: () => client.close(),
  };
}
