import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { loginFailures, magicLinks, sessions } from './session.schema.js';

export function createAuthRepo(db: Database) {
  return {
    async insertSession(row: typeof sessions.$inferInsert): Promise<void> {
      await db.insert(sessions).values(row);
    },
    async touchSession(id: string, at: Date): Promise<void> {
      await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id));
    },
    async updateSession(id: string, changes: Partial<typeof sessions.$inferInsert>): Promise<void> {
      await db.update(sessions).set(changes).where(eq(sessions.id, id));
    },
    async deleteSession(id: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, id));
    },
    async deleteUserSessions(userId: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.userId, userId));
    },
    /** Removes sessions past their absolute end or idle for longer than the idle timeout. */
    async deleteExpiredSessions(now: Date, idleCutoff: Date): Promise<number> {
      const rows = await db
        .delete(sessions)
        .where(
          or(
            lt(sessions.expiresAt, now),
            and(eq(sessions.idleAutoLogout, true), lt(sessions.lastSeenAt, idleCutoff)),
          ),
        )
        .returning({ id: sessions.id });
      return rows.length;
    },

    async recordLoginFailure(username: string, ipAddress: string): Promise<void> {
      await db.insert(loginFailures).values({ username, ipAddress });
    },
    async countLoginFailures(username: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(loginFailures)
        .where(and(eq(loginFailures.username, username), gt(loginFailures.at, since)));
      return row?.n ?? 0;
    },
    async clearLoginFailures(username: string): Promise<void> {
      await db.delete(loginFailures).where(eq(loginFailures.username, username));
    },

    async insertMagicLink(row: typeof magicLinks.$inferInsert): Promise<void> {
      await db.insert(magicLinks).values(row);
    },
    /** Marks a link used and returns it, atomically, only if it was unused and unexpired. */
    async consumeMagicLink(tokenHash: string, now: Date) {
      const [row] = await db
        .update(magicLinks)
        .set({ usedAt: now })
        .where(
          and(
            eq(magicLinks.tokenHash, tokenHash),
            isNull(magicLinks.usedAt),
            gt(magicLinks.expiresAt, now),
          ),
        )
        .returning();
      return row;
    },
  };
}
