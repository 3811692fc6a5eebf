import type { PagedListRequest } from '@b2b/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
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
import { issuerJobColumns } from './issuer-jobs.read.js';
import { issuers } from './issuer.schema.js';

/**
 * Read model: the issuer list of SPEC §7, one paged, sorted and filtered query per page.
 * Reads issuers (this module), brandings (brandings module: the branding name) and jobs (jobs
 * module: each issuer's job count and latest job names, issuer-jobs.read.ts).
 */

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

export function createIssuerListRead(db: Database) {
  const listStatements = createPreparedQueries();
  return {
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
  };
}
