import path from 'node:path';
import { sqlString, withEngineDb } from '../duckdb.js';
import { MERCHANTS_FILE } from './reference-version.js';

/**
 * Whether a reference version holds a merchant id. One short DuckDB read of merchants.parquet
 * (row-group statistics skip most of it): for checks made once per request, such as a person
 * choosing the merchant a supplier matches.
 */
export async function referenceHasMerchant(
  rootDir: string,
  versionId: string,
  merchantId: string,
): Promise<boolean> {
  const file = path.join(rootDir, versionId, MERCHANTS_FILE);
  return withEngineDb({ threads: 1, memoryLimit: '256MB' }, async (db) => {
    const row = await db.one(
      `SELECT 1 AS found FROM read_parquet(${sqlString(file)}) WHERE merchant_id = $id LIMIT 1`,
      { id: merchantId },
    );
    return row !== undefined;
  });
}
