import type { SQL } from 'drizzle-orm';
import type { Database } from './client.js';

/** PostgreSQL error codes worth one more try: deadlock detected, serialization failure. */
const RETRYABLE = new Set(['40P01', '40001']);

function errorCode(error: unknown): string | undefined {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code ?? e?.cause?.code;
}

/**
 * Runs work in one transaction, retrying it when PostgreSQL aborts it for a deadlock or a
 * serialization failure (a concurrent transaction won; running again is the documented remedy).
 * On PGlite transactions run one at a time, and a query outside `tx` inside `work` would wait
 * for this transaction forever: use only `tx` in here.
 */
export async function inTransaction<T>(
  db: Database,
  work: (tx: Database) => Promise<T>,
  attempts = 4,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => work(tx as unknown as Database));
    } catch (error) {
      if (attempt >= attempts || !RETRYABLE.has(errorCode(error) ?? '')) throw error;
    }
  }
}

/** The rows of a raw statement, whichever driver ran it (both answer `{ rows }`). */
export async function queryRows<T>(db: Database, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}
