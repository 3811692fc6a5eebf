import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { resourceLimits } from './resource-limit.schema.js';

export type ResourceLimitRow = typeof resourceLimits.$inferSelect;

const L = resourceLimits;

export function createResourceGuardRepo(db: Database) {
  return {
    all: (): Promise<ResourceLimitRow[]> => db.select().from(L),
    async find(key: string): Promise<ResourceLimitRow | undefined> {
      const [row] = await db.select().from(L).where(eq(L.key, key)).for('update');
      return row;
    },
    async upsert(
      key: string,
      value: number | null,
      updatedBy: string,
      whenExceeded: string | null,
    ): Promise<ResourceLimitRow> {
      const set = { value, updatedBy, updatedAt: new Date(), whenExceeded };
      const [row] = await db
        .insert(L)
        .values({ key, ...set })
        .onConflictDoUpdate({ target: L.key, set })
        .returning();
      return row!;
    },
    async remove(key: string) {
      await db.delete(L).where(eq(L.key, key));
    },
  };
}
