import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type pg from 'pg';
import type { DatabaseHandle } from './client.js';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/** Any fixed number: the session lock that lets one process at a time migrate. */
const MIGRATION_LOCK = 7_350_001;

/**
 * Applies the generated SQL migrations that have not run yet. On PostgreSQL several server and
 * worker processes may start at once: a session advisory lock makes them migrate one at a time
 * (the later ones then find nothing to do).
 */
export async function runMigrations(handle: DatabaseHandle): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase, config);
    return;
  }
  const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
  const lock = await pool.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(handle.db as unknown as NodePgDatabase, config);
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    lock.release();
  }
}
