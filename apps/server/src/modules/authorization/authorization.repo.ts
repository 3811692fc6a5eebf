import type { PagedListRequest } from '@b2b/contract';
import { eq, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { type ListColumn, pagedQueryParts, plainFilterFields } from '../../db/paged-query.js';
import { buyers, issuerUsers } from '../issuers/issuer.schema.js';
import { jobUserAssignments, jobs } from '../jobs/job.schema.js';

const isDirect = (userId: string) =>
  sql<boolean>`exists (select 1 from ${jobUserAssignments} a where a.job_id = ${jobs.id}
    and a.user_id = ${userId}::uuid and a.connection = 'DirectAssignment')`;

/**
 * The jobs a user is authorised for, whichever way: their issuers' jobs, jobs they own, and
 * jobs assigned to them directly. Read from the jobs tables so the user screen can page them.
 */
export function createAuthorizationRepo(db: Database) {
  return {
    async authMappedJobs(userId: string, request: PagedListRequest) {
      const columns: Record<string, ListColumn> = {
        id: { column: jobs.id, kind: 'uuid' },
        name: { column: jobs.name, kind: 'text' },
        buyerName: { column: buyers.name, kind: 'text' },
        isPublished: { column: sql`${jobs.isPublished}::text`, kind: 'text' },
        createdOn: { column: jobs.createdAt, kind: 'date' },
        isDirectAssignment: { column: sql`${isDirect(userId)}::text`, kind: 'text' },
      };
      const parts = pagedQueryParts(request, columns, {
        fields: plainFilterFields,
        defaultOrder: [sql`${jobs.createdAt} desc`],
        tieBreaker: sql`${jobs.id}`,
      });
      const visible = or(
        eq(jobs.ownerId, userId),
        sql`${jobs.issuerId} in (select ${issuerUsers.issuerId} from ${issuerUsers}
            where ${issuerUsers.userId} = ${userId}::uuid)`,
        sql`${jobs.id} in (select ${jobUserAssignments.jobId} from ${jobUserAssignments}
            where ${jobUserAssignments.userId} = ${userId}::uuid)`,
      );
      const where = parts.where ? sql`(${visible}) and ${parts.where}` : visible;
      const rows = await db
        .select({
          id: jobs.id,
          name: jobs.name,
          buyerName: buyers.name,
          isPublished: jobs.isPublished,
          createdAt: jobs.createdAt,
          isDirectAssignment: isDirect(userId),
        })
        .from(jobs)
        .innerJoin(buyers, eq(buyers.id, jobs.buyerId))
        .where(where)
        .orderBy(...parts.orderBy)
        .limit(parts.limit)
        .offset(parts.offset);
      const [total] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(jobs)
        .innerJoin(buyers, eq(buyers.id, jobs.buyerId))
        .where(where);
      return { rows, totalCount: total?.n ?? 0 };
    },
  };
}
