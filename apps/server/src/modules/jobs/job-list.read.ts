import type { PagedListRequest } from '@b2b/contract';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { type ListColumn, pagedQueryParts, plainFilterFields } from '../../db/paged-query.js';
import { buyers, issuers } from '../issuers/issuer.schema.js';
import { users } from '../users/user.schema.js';
import { type JobViewer, visibleJobsWhere } from './jobs.policy.js';
import { jobUserAssignments, jobs } from './job.schema.js';

/**
 * Read model: the job list, one paged, sorted and filtered SQL query with the names it shows.
 * Reads jobs and job_user_assignments (this module), issuers and buyers (issuers module) and
 * users (users module), filtered by the jobs.policy visibility rule.
 */

const listSelect = {
  id: jobs.id,
  name: jobs.name,
  type: jobs.type,
  status: jobs.status,
  isPublished: jobs.isPublished,
  issuerId: jobs.issuerId,
  issuerName: issuers.name,
  buyerId: jobs.buyerId,
  buyerName: buyers.name,
  ownerId: jobs.ownerId,
  ownerName: users.displayName,
  currency: jobs.currency,
  supplierCount: jobs.supplierCount,
  createdOn: jobs.createdAt,
  updatedOn: jobs.updatedAt,
};
export type JobListRow = {
  [K in keyof typeof listSelect]: (typeof listSelect)[K]['_']['data'];
} & { ownerName: string; issuerName: string; buyerName: string };

const LIST_COLUMNS: Record<string, ListColumn> = {
  name: { column: jobs.name, kind: 'text' },
  type: { column: jobs.type, kind: 'text', values: ['base', 'matched-data-only', 'advanced'] },
  status: {
    column: jobs.status,
    kind: 'text',
    values: ['Draft', 'Processing', 'Completed', 'Error'],
  },
  isPublished: { column: sql`${jobs.isPublished}::text`, kind: 'text', values: ['true', 'false'] },
  issuerId: { column: jobs.issuerId, kind: 'uuid' },
  issuerName: { column: issuers.name, kind: 'text' },
  buyerId: { column: jobs.buyerId, kind: 'uuid' },
  buyerName: { column: buyers.name, kind: 'text' },
  ownerId: { column: jobs.ownerId, kind: 'uuid' },
  ownerName: { column: users.displayName, kind: 'text' },
  currency: { column: jobs.currency, kind: 'text' },
  createdOn: { column: jobs.createdAt, kind: 'date' },
  updatedOn: { column: jobs.updatedAt, kind: 'date' },
};

export function createJobListRead(db: Database) {
  return {
    async listRow(id: string): Promise<JobListRow | undefined> {
      const [row] = await db
        .select(listSelect)
        .from(jobs)
        .innerJoin(issuers, eq(issuers.id, jobs.issuerId))
        .innerJoin(buyers, eq(buyers.id, jobs.buyerId))
        .innerJoin(users, eq(users.id, jobs.ownerId))
        .where(eq(jobs.id, id));
      return row as JobListRow | undefined;
    },

    async list(viewer: JobViewer, request: PagedListRequest) {
      const parts = pagedQueryParts(request, LIST_COLUMNS, {
        fields: plainFilterFields,
        defaultOrder: [desc(jobs.updatedAt)],
        tieBreaker: asc(jobs.id),
      });
      const where = and(visibleJobsWhere(viewer), parts.where);
      const from = () =>
        db
          .select(listSelect)
          .from(jobs)
          .innerJoin(issuers, eq(issuers.id, jobs.issuerId))
          .innerJoin(buyers, eq(buyers.id, jobs.buyerId))
          .innerJoin(users, eq(users.id, jobs.ownerId));
      const rows = await from()
        .where(where)
        .orderBy(...parts.orderBy)
        .limit(parts.limit)
        .offset(parts.offset);
      const [total] = await db
        .select({ n: count() })
        .from(jobs)
        .innerJoin(issuers, eq(issuers.id, jobs.issuerId))
        .innerJoin(buyers, eq(buyers.id, jobs.buyerId))
        .innerJoin(users, eq(users.id, jobs.ownerId))
        .where(where);
      return { rows: rows as JobListRow[], total: total?.n ?? 0 };
    },

    async ownersOfVisibleJobs(viewer: JobViewer) {
      return db
        .selectDistinct({
          id: users.id,
          username: users.username,
          displayName: users.displayName,
        })
        .from(jobs)
        .innerJoin(users, eq(users.id, jobs.ownerId))
        .where(visibleJobsWhere(viewer))
        .orderBy(asc(users.displayName));
    },

    /** Jobs the viewer sees, of the given issuers, that the user is not directly assigned to. */
    async assignableFor(viewer: JobViewer, userId: string, issuerIds: string[]) {
      if (issuerIds.length === 0) return [];
      return db
        .select({ id: jobs.id, name: jobs.name, buyerName: buyers.name, createdOn: jobs.createdAt })
        .from(jobs)
        .innerJoin(buyers, eq(buyers.id, jobs.buyerId))
        .where(
          and(
            visibleJobsWhere(viewer),
            inArray(jobs.issuerId, issuerIds),
            sql`not exists (select 1 from ${jobUserAssignments} a where a.job_id = ${jobs.id} and a.user_id = ${userId} and a.connection = 'DirectAssignment')`,
          ),
        )
        .orderBy(desc(jobs.createdAt));
    },
  };
}
