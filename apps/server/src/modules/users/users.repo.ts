import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { users } from './user.schema.js';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

export function createUsersRepo(db: Database) {
  return {
    async findById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row;
    },
    async findByUsername(username: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.username, username.toLowerCase()));
      return row;
    },
    async findByIdpSubject(issuer: string, subject: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.idpIssuer, issuer), eq(users.idpId, subject)));
      return row;
    },
    async insert(row: NewUserRow): Promise<UserRow> {
      const [created] = await db.insert(users).values(row).returning();
      return created!;
    },
    async update(id: string, changes: Partial<NewUserRow>): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ ...changes, updatedAt: new Date(), version: sql`${users.version} + 1` })
        .where(eq(users.id, id))
        .returning();
      return row;
    },
    /** Applies changes only if the stored version is the one the caller read. */
    async updateIfVersion(id: string, version: number, changes: Partial<NewUserRow>) {
      const [row] = await db
        .update(users)
        .set({ ...changes, updatedAt: new Date(), version: sql`${users.version} + 1` })
        .where(and(eq(users.id, id), eq(users.version, version)))
        .returning();
      return row;
    },
    async usernamesByIds(ids: string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: users.id, username: users.username })
        .from(users)
        .where(inArray(users.id, ids));
      return new Map(rows.map((r) => [r.id, r.username]));
    },
    /**
     * Records activity. Invited users have no password: their first session comes from the
     * mailed sign-up link, and it completes the invitation (they are no longer pending).
     */
    async touchActivity(id: string, at: Date): Promise<void> {
      await db.update(users).set({ lastActivityAt: at, pending: false }).where(eq(users.id, id));
    },
  };
}
