import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { issuerSsoConfigs } from './sso.schema.js';

export type SsoConfigRow = typeof issuerSsoConfigs.$inferSelect;
type NewSsoConfigRow = typeof issuerSsoConfigs.$inferInsert;

export function createSsoRepo(db: Database) {
  return {
    async find(issuerId: string): Promise<SsoConfigRow | undefined> {
      const [row] = await db
        .select()
        .from(issuerSsoConfigs)
        .where(eq(issuerSsoConfigs.issuerId, issuerId));
      return row;
    },

    async save(row: NewSsoConfigRow): Promise<SsoConfigRow> {
      const { issuerId: _id, createdAt: _created, ...changes } = row;
      const [saved] = await db
        .insert(issuerSsoConfigs)
        .values(row)
        .onConflictDoUpdate({
          target: issuerSsoConfigs.issuerId,
          set: { ...changes, updatedAt: new Date() },
        })
        .returning();
      return saved!;
    },

    async remove(issuerId: string): Promise<SsoConfigRow | undefined> {
      const [removed] = await db
        .delete(issuerSsoConfigs)
        .where(eq(issuerSsoConfigs.issuerId, issuerId))
        .returning();
      return removed;
    },

    listEnabled(issuerIds: readonly string[]): Promise<SsoConfigRow[]> {
      if (issuerIds.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(issuerSsoConfigs)
        .where(
          and(
            inArray(issuerSsoConfigs.issuerId, [...issuerIds]),
            eq(issuerSsoConfigs.enabled, true),
          ),
        );
    },
  };
}
