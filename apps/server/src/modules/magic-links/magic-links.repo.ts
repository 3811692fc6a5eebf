import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { jobMagicLinks as L, resultsLinkSessions as S } from './magic-link.schema.js';

export type MagicLinkRow = typeof L.$inferSelect;

/**
 * The module's own tables: links by id or token hash, the single-use claim, and the sessions of
 * Results links.
 */
export function createMagicLinksRepo(db: Database) {
  return {
    async insert(values: typeof L.$inferInsert): Promise<MagicLinkRow> {
      const [row] = await db.insert(L).values(values).returning();
      return row!;
    },
    async findById(id: string): Promise<MagicLinkRow | undefined> {
      const [row] = await db.select().from(L).where(eq(L.id, id));
      return row;
    },
    async findByHash(tokenHash: string): Promise<MagicLinkRow | undefined> {
      const [row] = await db.select().from(L).where(eq(L.tokenHash, tokenHash));
      return row;
    },
    /** Revokes a link not yet used or revoked; the row as it is afterwards. */
    async revoke(id: string): Promise<MagicLinkRow | undefined> {
      await db
        .update(L)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(L.id, id), isNull(L.revokedAt), isNull(L.usedAt)));
      return this.findById(id);
    },
    /**
     * Takes the link for one use, in one statement: of two uploads at once exactly one wins.
     * False when it is used, revoked or expired.
     */
    async claim(id: string): Promise<boolean> {
      const rows = await db
        .update(L)
        .set({ usedAt: sql`now()` })
        .where(
          and(eq(L.id, id), isNull(L.usedAt), isNull(L.revokedAt), gt(L.expiresAt, sql`now()`)),
        )
        .returning({ id: L.id });
      return rows.length > 0;
    },
    /** Gives a claimed link back after its upload failed: the person may try again. */
    async release(id: string) {
      await db.update(L).set({ usedAt: null }).where(eq(L.id, id));
    },
    async recordFile(id: string, fileName: string) {
      await db.update(L).set({ usedFileName: fileName }).where(eq(L.id, id));
    },

    async insertSession(values: typeof S.$inferInsert): Promise<void> {
      await db.insert(S).values(values);
    },
    /** A Results link's session with its link, in one statement (every request asks). */
    async findSession(id: string) {
      const [row] = await db
        .select({ session: S, link: L })
        .from(S)
        .innerJoin(L, eq(L.id, S.linkId))
        .where(eq(S.id, id));
      return row;
    },
    async deleteSession(id: string) {
      await db.delete(S).where(eq(S.id, id));
    },
    /** Revoking a link ends every session opened through it. */
    /** Sessions past their end; `resolveResultsSession` deletes one only when it is used again. */
    async deleteExpiredSessions(now: Date): Promise<number> {
      const rows = await db.delete(S).where(lte(S.expiresAt, now)).returning({ id: S.id });
      return rows.length;
    },
    async deleteLinkSessions(linkId: string): Promise<number> {
      const rows = await db.delete(S).where(eq(S.linkId, linkId)).returning({ id: S.id });
      return rows.length;
    },
  };
}
