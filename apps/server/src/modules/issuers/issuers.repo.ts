import type { PagedListRequest } from '@b2b/contract';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { type Database, plannedDatabases } from '../../db/client.js';
import {
  type ListColumn,
  pageLimit,
  pageOffset,
  pagedQueryParts,
  plainFilterFields,
} from '../../db/paged-query.js';
import { createPreparedQueries } from '../../db/prepared-queries.js';
import { brandings } from '../brandings/branding.schema.js';
import { users } from '../users/user.schema.js';
import { issuerJobColumns } from './issuer-jobs.repo.js';
import { buyers, issuerUsers, issuers } from './issuer.schema.js';

export type IssuerRow = typeof issuers.$inferSelect;
export type NewIssuerRow = typeof issuers.$inferInsert;

export type IssuerMembershipRow = {
  issuerId: string;
  issuerName: string;
  userRole: string;
  isDomainUser: boolean;
  brandingId: string | null;
  brandingDisplayName: string | null;
  emailDomains: string[];
};

/** The properties of SPEC.md's issuer list that can be filtered and sorted. */
const LIST_COLUMNS: Record<string, ListColumn> = {
  id: { column: issuers.id, kind: 'uuid' },
  name: { column: issuers.name, kind: 'text', lowerCopy: issuers.nameLower },
  issuerKey: { column: issuers.issuerKey, kind: 'text', lowerCopy: issuers.issuerKeyLower },
  scheme: { column: issuers.scheme, kind: 'text', values: ['Visa', 'Mastercard', 'Unknown'] },
  // Kept by a trigger on issuer_users (migration 0018), so sorting by it reads an index.
  usersCount: { column: issuers.usersCount, kind: 'number' },
  hasSupplierIncludeList: { column: sql`${issuers.hasSupplierIncludeList}::text`, kind: 'text' },
  hasSupplierExcludeList: { column: sql`${issuers.hasSupplierExcludeList}::text`, kind: 'text' },
  brandingDisplayName: { column: brandings.displayName, kind: 'text' },
  currency: { column: issuers.currency, kind: 'text' },
  fallbackCountryIso3: { column: issuers.fallbackCountryIso3, kind: 'text' },
  language: { column: issuers.language, kind: 'text' },
  emailDomains: { column: issuers.emailDomains, kind: 'tags' },
};

/** A user is a domain user of every issuer that lists their e-mail address's domain. */
const userDomain = sql`split_part(${users.username}, '@', 2)`;

export function createIssuersRepo(db: Database) {
  const listStatements = createPreparedQueries();
  return {
    /** The issuers a user belongs to, by name, with their brandings. */
    listMemberships(userId: string): Promise<IssuerMembershipRow[]> {
      return db
        .select({
          issuerId: issuers.id,
          issuerName: issuers.name,
          userRole: issuerUsers.userRole,
          isDomainUser: issuerUsers.isDomainUser,
          brandingId: issuers.brandingId,
          brandingDisplayName: brandings.displayName,
          emailDomains: issuers.emailDomains,
        })
        .from(issuerUsers)
        .innerJoin(issuers, eq(issuers.id, issuerUsers.issuerId))
        .leftJoin(brandings, eq(brandings.id, issuers.brandingId))
        .where(eq(issuerUsers.userId, userId))
        .orderBy(asc(issuers.name));
    },
    async firstNameByBranding(brandingId: string): Promise<string | null> {
      const [row] = await db
        .select({ name: issuers.name })
        .from(issuers)
        .where(eq(issuers.brandingId, brandingId))
        .orderBy(asc(issuers.name))
        .limit(1);
      return row?.name ?? null;
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

    /**
     * One page of the issuer list; `scope` limits it to those issuer ids. Unscoped (the
     * administrators' list), its query is prepared once per shape.
     */
    async list(request: PagedListRequest, scope?: readonly string[]) {
      const parts = pagedQueryParts(request, LIST_COLUMNS, {
        fields: plainFilterFields,
        defaultOrder: [sql`${issuers.name} asc nulls first`],
        tieBreaker: sql`${issuers.id}`,
        placeholders: true,
      });
      const where = and(scope ? inArray(issuers.id, [...scope]) : undefined, parts.where);
      const values = { ...parts.values, offset: parts.offset };
      // One round trip: the page, its issuers' jobs and the total: kept by triggers for the
      // whole list (migration 0022), otherwise a subquery over the same filter.
      // The count joins brandings only to filter on their names: with the join, PostgreSQL
      // read the whole table rather than a prefix index alone (0.75 ms against 0.15).
      const countAll = db.select({ n: sql<number>`count(*)::int` }).from(issuers);
      const total = !(scope || parts.hasFilters)
        ? db.select({ n: sql<number>`n` }).from(sql`issuer_total`)
        : parts.filtered.has('brandingDisplayName')
          ? countAll.leftJoin(brandings, eq(brandings.id, issuers.brandingId)).where(where)
          : countAll.where(where);
      const build = () =>
        db
          .select({
            id: issuers.id,
            name: issuers.name,
            issuerKey: issuers.issuerKey,
            scheme: issuers.scheme,
            hasSupplierIncludeList: issuers.hasSupplierIncludeList,
            hasSupplierExcludeList: issuers.hasSupplierExcludeList,
            brandingDisplayName: brandings.displayName,
            usersCount: issuers.usersCount,
            // As JSON, like the job names: 25 issuers' ten usernames parsed as text[] cost a
            // tenth of the call.
            usernames: sql<string[]>`to_json(${issuers.memberUsernames})`,
            ...issuerJobColumns(issuers.id),
            totalCount: sql<number>`(${total})`.mapWith(Number),
          })
          .from(issuers)
          .leftJoin(brandings, eq(brandings.id, issuers.brandingId))
          .where(where)
          .orderBy(...parts.orderBy)
          .limit(pageLimit(parts.limit))
          .offset(pageOffset(parts.offset));
      const rows = await (scope
        ? build().execute(values)
        : listStatements.run(
            parts.shape,
            build,
            values,
            plannedDatabases(db)[parts.patterns === 'none' ? 'auto' : 'each'],
          ));
      if (rows.length > 0) {
        return {
          rows: rows.map(({ totalCount: _, ...row }) => row),
          totalCount: rows[0]!.totalCount,
        };
      }
      const [counted] = await total.execute(values); // a page past the end still says how many there are
      return { rows: [], totalCount: counted?.n ?? 0 };
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

    listMembers(issuerId: string) {
      return db
        .select({
          userId: users.id,
          username: users.username,
          displayName: users.displayName,
          userRole: issuerUsers.userRole,
          isDomainUser: issuerUsers.isDomainUser,
        })
        .from(issuerUsers)
        .innerJoin(users, eq(users.id, issuerUsers.userId))
        .where(eq(issuerUsers.issuerId, issuerId))
        .orderBy(asc(users.username));
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

    /**
     * Makes the issuer's domain users match its e-mail domains: users of a listed domain join
     * as Members, domain members of a domain no longer listed leave.
     */
    async syncDomainUsers(issuerId: string, domains: readonly string[]): Promise<void> {
      const listed: SQL = domains.length
        ? sql`${userDomain} in (${sql.join(
            domains.map((d) => sql`${d}`),
            sql`, `,
          )})`
        : sql`false`;
      await db.execute(
        sql`delete from ${issuerUsers} where ${issuerUsers.issuerId} = ${issuerId}
            and ${issuerUsers.isDomainUser}
            and ${issuerUsers.userId} not in (select ${users.id} from ${users} where ${listed})`,
      );
      if (domains.length === 0) return;
      await db.execute(
        sql`insert into ${issuerUsers} (issuer_id, user_id, user_role, is_domain_user)
            select ${issuerId}::uuid, ${users.id}, 'Member', true from ${users} where ${listed}
            on conflict do nothing`,
      );
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

    /** Issuers the user is not a member of, those listing their domain first. */
    potentialIssuersFor(userId: string, domain: string) {
      return db
        .select({
          issuerId: issuers.id,
          issuerName: issuers.name,
          issuerBrandingName: brandings.displayName,
          emailDomains: issuers.emailDomains,
          isDomainMatch: sql<boolean>`${domain} = any(${issuers.emailDomains})`,
        })
        .from(issuers)
        .leftJoin(brandings, eq(brandings.id, issuers.brandingId))
        .where(
          sql`not exists (select 1 from ${issuerUsers} where ${issuerUsers.issuerId} = ${issuers.id}
              and ${issuerUsers.userId} = ${userId}::uuid)`,
        )
        .orderBy(sql`${domain} = any(${issuers.emailDomains}) desc`, asc(issuers.name))
        .limit(200);
    },
  };
}
export type IssuersRepo = ReturnType<typeof createIssuersRepo>;
