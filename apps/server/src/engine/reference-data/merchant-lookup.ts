import path from 'node:path';
import { sqlString, withEngineDb } from '../duckdb.js';
import { MERCHANTS_FILE } from './reference-version.js';

/**
 * The ids of a list a reference version does not hold. One short DuckDB read of merchants.parquet
 * (row-group statistics skip most of it) for all of them: for checks made once per request, such
 * as the merchants people choose in match decisions, one or a batch.
 */
export async function referenceMissingMerchants(
  rootDir: string,
  versionId: string,
  merchantIds: readonly string[],
): Promise<string[]> {
  const wanted = [...new Set(merchantIds)];
  if (wanted.length === 0) return [];
  const file = path.join(rootDir, versionId, MERCHANTS_FILE);
  const found = await withEngineDb({ threads: 1, memoryLimit: '256MB' }, (db) =>
    db.all<{ merchant_id: string }>(
      `SELECT DISTINCT merchant_id FROM read_parquet(${sqlString(file)})
       WHERE merchant_id IN (${wanted.map((id) => sqlString(id)).join(', ')})`,
    ),
  );
  const present = new Set(found.map((r) => r.merchant_id));
  return wanted.filter((id) => !present.has(id));
}
