import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { endpointComparisonSettings, serviceTokens } from './endpoint-comparison.schema.js';

export type ServiceTokenRow = typeof serviceTokens.$inferSelect;
export type ComparisonSettingsRow = typeof endpointComparisonSettings.$inferSelect;

const T = serviceTokens;
const S = endpointComparisonSettings;
/** The one settings row of this instance. */
const SETTINGS_KEY = 'default';

export function createEndpointComparisonRepo(db: Database) {
  return {
    async insertToken(values: typeof T.$inferInsert): Promise<ServiceTokenRow> {
      const [row] = await db.insert(T).values(values).returning();
      return row!;
    },
    tokensOf: (userId: string) =>
      db.select().from(T).where(eq(T.userId, userId)).orderBy(desc(T.createdAt), desc(T.id)),
    /** Revokes the user's own token once; undefined when it is not theirs or already revoked. */
    async revokeToken(userId: string, id: string, at: Date) {
      const [row] = await db
        .update(T)
        .set({ revokedAt: at })
        .where(and(eq(T.id, id), eq(T.userId, userId), isNull(T.revokedAt)))
        .returning();
      return row;
    },
    async findToken(userId: string, id: string) {
      const [row] = await db
        .select()
        .from(T)
        .where(and(eq(T.id, id), eq(T.userId, userId)));
      return row;
    },
    async touchToken(id: string, at: Date) {
      await db.update(T).set({ lastUsedAt: at }).where(eq(T.id, id));
    },

    async settings(): Promise<ComparisonSettingsRow | undefined> {
      const [row] = await db.select().from(S).where(eq(S.key, SETTINGS_KEY));
      return row;
    },
    async saveSettings(values: Omit<typeof S.$inferInsert, 'key'>) {
      const [row] = await db
        .insert(S)
        .values({ key: SETTINGS_KEY, ...values })
        .onConflictDoUpdate({ target: S.key, set: values })
        .returning();
      return row!;
    },
  };
}
