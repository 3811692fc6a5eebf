import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { runPrepared } from '../../db/prepared-queries.js';
import { systemSettings } from './system-setting.schema.js';

export function createSystemRepo(db: Database) {
  return {
    async get<T>(key: string): Promise<T | undefined> {
      const [row] = await runPrepared(
        db,
        'system.get',
        () =>
          db
            .select()
            .from(systemSettings)
            .where(eq(systemSettings.key, sql.placeholder('key'))),
        { key },
      );
      return row?.value as T | undefined;
    },
    async set(key: string, value: unknown): Promise<void> {
      await db
        .insert(systemSettings)
        .values({ key, value })
        .onConflictDoUpdate({ target: systemSettings.key, set: { value, updatedAt: new Date() } });
    },
  };
}
