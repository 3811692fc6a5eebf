import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';

export function createSystemAuditRepo(db: Database) {
  return {
    /** One round trip to the database; resolves with the server's version string. */
    async ping(): Promise<string> {
      const result = (await db.execute(sql`select version() as version`)) as unknown as {
        rows: { version: string }[];
      };
      return result.rows[0]?.version ?? 'unknown';
    },
  };
}
