import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { buyers, issuerUsers, issuers } from './issuer.schema.js';

export type IssuerRow = typeof issuers.$inferSelect;
export type NewIssuerRow = typeof issuers.$inferInsert;

export function createIssuersRepo(db: Database) {
  return {
    async firstNameByBranding(brandingId: string): Promise<string | null> {
      const [row] = await db
        .select({ name: issuers.name })
        .from(issuers)
        .where(eq(issuers.brandingId, brandingId))
        .orderBy(asc(issuers.name))
        .limit(1);
      return row?.name ?? null;
    },

    /** The issuers shown under a branding (its domain's issuers), A–Z. */
    listByBranding(brandingId: string): Promise<{ id: string; name: string }[]> {
      return db
        .select({ id: issuers.id, name: issuers.name })
        .from(issuers)
        .where(eq(issuers.brandingId, brandingId))
        .orderBy(asc(issuers.name));
    },

    async findById(id: string): Promise<IssuerRow | undefined> {
      const [row] = await db.select().from(issuers).where(eq(issuers.id, id));
      return row;
    },
    /** Whatever the case; lowered by the database, as the stored copy is. */
    async findByKey(issuerKey: string): Promise<IssuerRow | undefined> {
      const [row] = await db
        .select()
        .from(issuers)
        .where(eq(issuers.issuerKeyLower, sql`lower(${issuerKey})`));
      return row;
    },
    /** These issuers (or all), A–Z, each with its buyers A–Z. */
    async listWithBuyers(issuerIds: readonly string[] | 'all') {
      if (issuerIds !== 'all' && issuerIds.length === 0) return [];
      const issuerRows = await db
        .select()
        .from(issuers)
        .where(issuerIds === 'all' ? undefined : inArray(issuers.id, [...issuerIds]))
        .orderBy(asc(issuers.name));
      const buyerRows =
        issuerRows.length === 0
          ? []
          : await db
              .select()
              .from(buyers)
              .where(
                inArray(
                  buyers.issuerId,
                  issuerRows.map((i) => i.id),
                ),
              )
              .orderBy(asc(buyers.name));
      return issuerRows.map((issuer) => ({
        issuer,
        buyers: buyerRows.filter((b) => b.issuerId === issuer.id),
      }));
    },
    async namesByIds(ids: string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: issuers.id, name: issuers.name })
        .from(issuers)
        .where(inArray(issuers.id, ids));
      return new Map(rows.map((r) => [r.id, r.name]));
    },

    /** The issuers each of these users is a member of. */
    async issuerIdsOfUsers(userIds: string[]): Promise<Map<string, string[]>> {
      const found = new Map<string, string[]>();
      if (userIds.length === 0) return found;
      const rows = await db
        .select({ userId: issuerUsers.userId, issuerId: issuerUsers.issuerId })
        .from(issuerUsers)
        .where(inArray(issuerUsers.userId, userIds));
      for (const r of rows) found.set(r.userId, [...(found.get(r.userId) ?? []), r.issuerId]);
      return found;
    },

    async insert(row: NewIssuerRow): Promise<IssuerRow> {
      const [created] = await db.insert(issuers).values(row).returning();
      return created!;
    },

    /** Applies changes only if the stored version is the one the caller read. */
    async updateIfVersion(
      id: string,
      version: number | undefined,
      changes: Partial<NewIssuerRow>,
    ): Promise<IssuerRow | undefined> {
      const [row] = await db
        .update(issuers)
        .set({ ...changes, updatedAt: new Date(), version: sql`${issuers.version} + 1` })
        .where(
          and(eq(issuers.id, id), version === undefined ? undefined : eq(issuers.version, version)),
        )
        .returning();
      return row;
    },

    /** Deletes the issuer and its buyers in one transaction. */
    async delete(id: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(buyers).where(eq(buyers.issuerId, id));
        await tx.delete(issuers).where(eq(issuers.id, id));
      });
    },

    async memberCounts(id: string) {
      const [row] = await db
        .select({
          all: sql<number>`count(*)::int`,
          nonDomain: sql<number>`count(*) filter (where not ${issuerUsers.isDomainUser})::int`,
        })
        .from(issuerUsers)
        .where(eq(issuerUsers.issuerId, id));
      return { all: row?.all ?? 0, nonDomain: row?.nonDomain ?? 0 };
    },

    async findMembership(issuerId: string, userId: string) {
      const [row] = await db
        .select()
        .from(issuerUsers)
        .where(and(eq(issuerUsers.issuerId, issuerId), eq(issuerUsers.userId, userId)));
      return row;
    },
    async upsertMembership(issuerId: string, userId: string, userRole: string): Promise<void> {
      await db
        .insert(issuerUsers)
        .values({ issuerId, userId, userRole, isDomainUser: false })
        .onConflictDoUpdate({
          target: [issuerUsers.issuerId, issuerUsers.userId],
          set: { userRole },
        });
    },
    async deleteMembership(issuerId: string, userId: string): Promise<void> {
      await db
        .delete(issuerUsers)
        .where(and(eq(issuerUsers.issuerId, issuerId), eq(issuerUsers.userId, userId)));
    },

    /** Adds a new user to every issuer that lists their e-mail domain. */
    async joinDomainIssuers(userId: string, domain: string): Promise<void> {
      await db.execute(
        sql`insert into ${issuerUsers} (issuer_id, user_id, user_role, is_domain_user)
            select ${issuers.id}, ${userId}::uuid, 'Member', true from ${issuers}
            where ${domain} = any(${issuers.emailDomains})
            on conflict do nothing`,
      );
    },
  };
}
