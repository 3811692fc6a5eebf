import type { PagedListRequest } from '@b2b/contract';
import { and, asc, eq, ilike, inArray, not, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { type ListColumn, pagedQueryParts, wrappedFilterFields } from '../../db/paged-query.js';
import { queryRows } from '../../db/transaction.js';
import { issuerUsers } from '../issuers/issuer.schema.js';
import { users as u } from './user.schema.js';

export type UserStatus = 'active' | 'unapproved' | 'pending' | 'deactivated';

/** The four listing statuses; each matches one partial index of user.schema.ts. */
export const STATUS_CONDITION: Record<UserStatus, SQL> = {
  active: sql`not ${u.isDeactivated} and not ${u.pending} and ${u.approved}`,
  unapproved: sql`not ${u.isDeactivated} and not ${u.pending} and not ${u.approved}`,
  pending: sql`not ${u.isDeactivated} and ${u.pending}`,
  deactivated: sql`${u.isDeactivated}`,
};

const LIST_COLUMNS: Record<string, ListColumn> = {
  id: { column: u.id, kind: 'uuid' },
  username: { column: u.username, kind: 'text', prefixIndexed: true },
  displayName: { column: u.displayName, kind: 'text' },
  givenName: { column: u.givenName, kind: 'text' },
  surname: { column: u.surname, kind: 'text' },
  standardRoles: { column: u.standardRoles, kind: 'tags' },
  lastActivityAt: { column: u.lastActivityAt, kind: 'date' },
  createdAt: { column: u.createdAt, kind: 'date' },
};

const LIST_FIELDS = {
  id: u.id,
  username: u.username,
  displayName: u.displayName,
  givenName: u.givenName,
  surname: u.surname,
  standardRoles: u.standardRoles,
  approved: u.approved,
  isDeactivated: u.isDeactivated,
  pending: u.pending,
  lastActivityAt: u.lastActivityAt,
  createdAt: u.createdAt,
};

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Username prefix (index-friendly) or a name containing the text. */
function matches(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const text = escapeLike(search.toLowerCase());
  return or(ilike(u.username, `${text}%`), ilike(u.displayName, `%${text}%`));
}

const memberOf = (issuerId: string) =>
  sql`exists (select 1 from ${issuerUsers} where ${issuerUsers.userId} = ${u.id}
      and ${issuerUsers.issuerId} = ${issuerId}::uuid)`;

const memberOfAny = (issuerIds: readonly string[]) =>
  issuerIds.length
    ? sql`exists (select 1 from ${issuerUsers} where ${issuerUsers.userId} = ${u.id}
        and ${issuerUsers.issuerId} in (${sql.join(
          issuerIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}))`
    : sql`false`;

/** Filtered lists with at most this many matches are filtered first, then sorted. */
export const FILTER_FIRST_MAX = 5_000;

export function createUserAdminRepo(db: Database, filterFirstMax = FILTER_FIRST_MAX) {
  /** One page of users meeting `where`, default order username ascending (SPEC.md section 9). */
  async function page(request: PagedListRequest, where: SQL | undefined, status?: UserStatus) {
    const parts = pagedQueryParts(request, LIST_COLUMNS, {
      fields: wrappedFilterFields,
      defaultOrder: [sql`${u.username} asc nulls first`],
      tieBreaker: sql`${u.id}`,
    });
    const condition = and(where, parts.where);
    const countMatches = async () => {
      const [total] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(u)
        .where(condition);
      return total?.n ?? 0;
    };
    const pageOf = () =>
      db
        .select(LIST_FIELDS)
        .from(u)
        .where(condition)
        .orderBy(...parts.orderBy)
        .limit(parts.limit)
        .offset(parts.offset);

    // An unfiltered status list walks its status index in order and takes its total from the
    // trigger-kept counts (migration 0009), read in the same query: one round trip per page.
    if (status && !parts.hasFilters) {
      const statusCount = sql<number>`(select n::int from user_status_counts where status = ${status})`;
      const rows = await db
        .select({ ...LIST_FIELDS, statusCount: statusCount.mapWith(Number) })
        .from(u)
        .where(condition)
        .orderBy(...parts.orderBy)
        .limit(parts.limit)
        .offset(parts.offset);
      if (rows.length > 0) {
        return {
          rows: rows.map(({ statusCount: _, ...row }) => row),
          totalCount: rows[0]!.statusCount,
        };
      }
      // A page past the end still says how many there are.
      const [total] = await queryRows<{ n: number }>(db, sql`select ${statusCount} as n`);
      return { rows: [], totalCount: total?.n ?? 0 };
    }
    // Filtered, PostgreSQL tends to walk the sort column's index hoping to meet 25 matches
    // early; when the matches are few, or bunched at the far end of that order, it reads most
    // of the table (unapproved + surname by display name: 73,000 rows, 230 ms). So up to
    // filterFirstMax matches are fetched through the filter's own indexes first, then counted
    // and sorted in the same pass (one scan serves the total and the page).
    const matches = db
      .select(LIST_FIELDS)
      .from(u)
      .where(condition)
      .limit(filterFirstMax + 1)
      .as('users'); // named like the table, so the list's order terms apply to it unchanged
    const found = await db
      .select({ ...LIST_FIELDS, matches: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(matches)
      .orderBy(...parts.orderBy)
      .limit(parts.limit)
      .offset(parts.offset);
    const firstPass = found[0]?.matches;
    if (firstPass !== undefined && firstPass <= filterFirstMax) {
      return { rows: found.map(({ matches: _, ...row }) => row), totalCount: firstPass };
    }
    if (firstPass === undefined && parts.offset === 0) return { rows: [], totalCount: 0 };
    // More matches than that (the index walk meets them soon enough), or a page past the end.
    const totalCount = await countMatches();
    if (totalCount === 0 || parts.offset >= totalCount) return { rows: [], totalCount };
    return { rows: await pageOf(), totalCount };
  }

  return {
    listByStatus: (status: UserStatus, request: PagedListRequest) =>
      page(request, STATUS_CONDITION[status], status),

    /** Members of an issuer (or of any) who were assigned by hand, not by e-mail domain. */
    listDirectlyAssigned: (request: PagedListRequest, issuerId?: string) =>
      page(
        request,
        sql`exists (select 1 from ${issuerUsers} where ${issuerUsers.userId} = ${u.id}
            and not ${issuerUsers.isDomainUser}
            ${issuerId ? sql`and ${issuerUsers.issuerId} = ${issuerId}::uuid` : sql``})`,
      ),

    /** Users to pick: by name, eligible only, members (or not) of an issuer. */
    search(options: {
      search?: string;
      limit: number;
      eligibleOnly?: boolean;
      memberOf?: string;
      notMemberOf?: string;
      memberOfAny?: readonly string[];
    }) {
      return db
        .select({ id: u.id, username: u.username, displayName: u.displayName })
        .from(u)
        .where(
          and(
            matches(options.search),
            options.eligibleOnly ? STATUS_CONDITION.active : undefined,
            options.memberOf ? memberOf(options.memberOf) : undefined,
            options.notMemberOf ? not(memberOf(options.notMemberOf)) : undefined,
            options.memberOfAny ? memberOfAny(options.memberOfAny) : undefined,
          ),
        )
        .orderBy(asc(u.username))
        .limit(options.limit);
    },

    async usernamesByIds(ids: string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: u.id, username: u.username })
        .from(u)
        .where(inArray(u.id, ids));
      return new Map(rows.map((r) => [r.id, r.username]));
    },

    async updateIfVersion(id: string, version: number, changes: Partial<typeof u.$inferInsert>) {
      const [row] = await db
        .update(u)
        .set({ ...changes, updatedAt: new Date(), version: sql`${u.version} + 1` })
        .where(and(eq(u.id, id), eq(u.version, version)))
        .returning();
      return row;
    },
  };
}
