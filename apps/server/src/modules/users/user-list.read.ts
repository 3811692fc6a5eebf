import type { PagedListRequest, UserStatusSchema } from '@b2b/contract';
import { and, asc, eq, ilike, not, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { type Database, plannedDatabases } from '../../db/client.js';
import { isoTimestamp } from '../../db/iso-timestamp.js';
import {
  escapeLike,
  type ListColumn,
  pageLimit,
  pageOffset,
  pagedQueryParts,
  wrappedFilterFields,
} from '../../db/paged-query.js';
import { createPreparedQueries, type Preparable } from '../../db/prepared-queries.js';
import { issuerUsers } from '../issuers/issuer.schema.js';
import { users as u } from './user.schema.js';

/**
 * Read model: the user administration lists and the user picker (SPEC §7), paged and filtered
 * in one query each. Reads users (this module) and issuer_users (issuers module: membership
 * filters).
 */

export type UserStatus = z.infer<typeof UserStatusSchema>;

/** The users of one listing status: the leading column of the status lists' indexes. */
const inStatus = (status: UserStatus) => eq(u.status, status);

const LIST_COLUMNS: Record<string, ListColumn> = {
  id: { column: u.id, kind: 'uuid' },
  username: { column: u.username, kind: 'text', lowerCase: true },
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
  lastActivityAt: isoTimestamp(u.lastActivityAt),
  createdAt: isoTimestamp(u.createdAt),
};

/** What a list can be sorted by (LIST_COLUMNS less the tags). */
const SORTABLE_FIELDS = {
  id: u.id,
  username: u.username,
  displayName: u.displayName,
  givenName: u.givenName,
  surname: u.surname,
  lastActivityAt: u.lastActivityAt,
  createdAt: u.createdAt,
};

/** One row of a status list as read (its timestamps as ISO 8601 text). */
export type UserListRow = Omit<
  Pick<typeof u.$inferSelect, keyof typeof LIST_FIELDS>,
  'lastActivityAt' | 'createdAt'
> & { lastActivityAt: string | null; createdAt: string };

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

/**
 * From this many rows in, a page reads its ids from the index alone and only then its 25
 * users: walking 5,000 index entries costs a fraction of fetching 5,000 rows.
 */
const IDS_FIRST_FROM = 250;

export function createUserListRead(db: Database, filterFirstMax = FILTER_FIRST_MAX) {
  const statements = createPreparedQueries();

  /**
   * One page of users of a status, or meeting `where`; default order username ascending
   * (SPEC.md section 9). A status list's queries are prepared once per form and shape.
   */
  async function page(request: PagedListRequest, where: SQL | undefined, status?: UserStatus) {
    const parts = pagedQueryParts(request, LIST_COLUMNS, {
      fields: wrappedFilterFields,
      defaultOrder: [sql`${u.username} asc nulls first`],
      tieBreaker: { asc: sql`${u.id}`, desc: sql`${u.id} desc` },
      placeholders: true,
    });
    const condition = and(status ? inStatus(status) : undefined, where, parts.where);
    const values = { ...parts.values, offset: parts.offset };
    const limit = pageLimit(parts.limit);
    const offset = pageOffset(parts.offset);
    // `where` (directly assigned members) carries its own values: built for each request.
    // Pattern filters have each execution planned for its values, except in the filter-first
    // form when an index can look every pattern up: the form then leaves one sensible plan
    // (fetch the matches through that index, count and sort them), planned once.
    const run = <T>(form: string, build: () => Preparable<T>) => {
      if (where) return build().execute(values);
      const planned = plannedDatabases(db);
      const on =
        parts.patterns === 'none'
          ? planned.auto
          : form === 'filter-first' && parts.patterns === 'indexed'
            ? planned.once
            : planned.each;
      return statements.run(`${form}|${status}|${parts.shape}`, build, values, on);
    };

    /**
     * The page in the list's order, each row carrying `total` (a subquery of the same round
     * trip). Deep pages read their ids from the index first (IDS_FIRST_FROM).
     */
    async function inOrder(form: string, total: SQL<number>) {
      const fields = { ...LIST_FIELDS, total: total.mapWith(Number) };
      const idsFirst = parts.offset >= IDS_FIRST_FROM;
      const rows = await run(`${form}${idsFirst ? '-ids-first' : ''}`, () => {
        if (!idsFirst) {
          return db
            .select(fields)
            .from(u)
            .where(condition)
            .orderBy(...parts.orderBy)
            .limit(limit)
            .offset(offset);
        }
        const pageIds = db
          .select({ id: u.id })
          .from(u)
          .where(condition)
          .orderBy(...parts.orderBy)
          .limit(limit)
          .offset(offset)
          .as('page');
        return db
          .select(fields)
          .from(u)
          .innerJoin(pageIds, eq(pageIds.id, u.id))
          .orderBy(...parts.orderBy);
      });
      if (rows.length > 0) {
        return { rows: rows.map(({ total: _, ...row }) => row), totalCount: rows[0]!.total };
      }
      // A page past the end still says how many there are.
      const [counted] = await db
        .select({ n: total.mapWith(Number) })
        .from(sql`(select 1) as one`)
        .execute(values);
      return { rows: [], totalCount: counted?.n ?? 0 };
    }

    // An unfiltered status list takes its total from the trigger-kept counts (migration 0009).
    if (status && !parts.hasFilters) {
      return inOrder(
        'status',
        sql<number>`(select n::int from user_status_counts where status = ${status})`,
      );
    }
    const countMatches = sql<number>`(select count(*)::int from ${u} where ${condition})`;
    // Filters that only compare the property the list is sorted by leave the matches as one
    // stretch of that property's index: the page is a short walk of it, the count a range.
    // Unsorted, a list is in username order (defaultOrder above).
    const sortedBy = parts.orderProperties.length > 0 ? parts.orderProperties : ['username'];
    if (parts.filtersCompareOnly(sortedBy[0]!)) {
      return inOrder('sort-key', countMatches);
    }

    // Filtered, PostgreSQL tends to walk the sort column's index hoping to meet 25 matches
    // early; when the matches are few, or bunched at the far end of that order, it reads most
    // of the table (unapproved + surname by display name: 73,000 rows, 230 ms). So up to
    // filterFirstMax matches are fetched through the filter's own indexes first, kept once (a
    // CTE read twice is materialised), then counted and sorted. Only the id and the columns
    // sorted by are kept: carrying every sortable column, or counting in a window over the
    // sort's input, cost a username prefix's 943 matches a tenth more of PostgreSQL's time.
    // The page's 25 rows are read after.
    const found = await run('filter-first', () => {
      const kept = Object.fromEntries(
        ['id', ...sortedBy].map((property) => [
          property,
          SORTABLE_FIELDS[property as keyof typeof SORTABLE_FIELDS],
        ]),
      ) as Partial<typeof SORTABLE_FIELDS> & Pick<typeof SORTABLE_FIELDS, 'id'>;
      // Named like the table, so the list's order terms apply to it unchanged; its own
      // definition still reads the table (a CTE cannot see itself).
      const matches = db.$with('users').as(
        db
          .select(kept)
          .from(u)
          .where(condition)
          .limit(filterFirstMax + 1),
      );
      const ranked = db
        .with(matches)
        .select({
          id: matches.id,
          matches: sql<number>`(select count(*) from ${matches})`.mapWith(Number).as('matches'),
        })
        .from(matches)
        .orderBy(...parts.orderBy)
        .limit(limit)
        .offset(offset)
        .as('page');
      return db
        .select({ ...LIST_FIELDS, matches: ranked.matches })
        .from(u)
        .innerJoin(ranked, eq(ranked.id, u.id))
        .orderBy(...parts.orderBy);
    });
    const firstPass = found[0]?.matches;
    if (firstPass !== undefined && firstPass <= filterFirstMax) {
      return { rows: found.map(({ matches: _, ...row }) => row), totalCount: firstPass };
    }
    if (firstPass === undefined && parts.offset === 0) return { rows: [], totalCount: 0 };
    // More matches than that (the index walk meets them soon enough), or a page past the end.
    return inOrder('counted', countMatches);
  }

  return {
    listByStatus: (status: UserStatus, request: PagedListRequest) =>
      page(request, undefined, status),

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
            options.eligibleOnly ? inStatus('active') : undefined,
            options.memberOf ? memberOf(options.memberOf) : undefined,
            options.notMemberOf ? not(memberOf(options.notMemberOf)) : undefined,
            options.memberOfAny ? memberOfAny(options.memberOfAny) : undefined,
          ),
        )
        .orderBy(asc(u.username))
        .limit(options.limit);
    },
  };
}
