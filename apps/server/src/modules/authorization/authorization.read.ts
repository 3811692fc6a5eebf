import type { PagedListRequest } from '@b2b/contract';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { type ListColumn, pagedQueryParts, plainFilterFields } from '../../db/paged-query.js';
import { buyers, issuerUsers } from '../issuers/issuer.schema.js';
import { jobUserAssignments, jobs } from '../jobs/job.schema.js';
import { type JobViewer, visibleJobsWhere } from '../jobs/jobs.policy.js';

const isDirect = (userId: string) =>
  sql<boolean>`exists (select 1 from ${jobUserAssignments} a where a.job_id = ${jobs.id}
    and a.user_id = ${userId}::uuid and a.connection = 'DirectAssignment')`;

/**
 * Read model: the jobs a user is authorised for, whichever way (SPEC §3 job connections): jobs
 * they own, jobs of the issuers they manage, jobs assigned to them, and their issuers' published
 * jobs; the jobs.policy visibility rule for that user's connections (staff who see every job by
 * permission are not mapped to all of them). Reads jobs and job_user_assignments (jobs module),
 * buyers and issuer_users (issuers module), so the user screen can page them.
 */
export function createAuthorizationRead(db: Database) {
  /** The user's connections to issuers, as the visibility rule takes them. */
  async function viewerFor(userId: string): Promise<JobViewer> {
    const memberships = await db
      .select({ issuerId: issuerUsers.issuerId, userRole: issuerUsers.userRole })
      .from(issuerUsers)
      .where(eq(issuerUsers.userId, userId));
    return {
      userId,
      issuerIds: memberships.map((m) => m.issuerId),
      managedIssuerIds: memberships.filter((m) => m.userRole === 'Manager').map((m) => m.issuerId),
      seesAllJobs: false,
    };
  }

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
      const visible = visibleJobsWhere(await viewerFor(userId));
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
