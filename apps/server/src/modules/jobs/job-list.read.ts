import type { PagedListRequest } from '@b2b/contract';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { type Database, plannedDatabases } from '../../db/client.js';
import { jsonRowsOf } from '../../db/json-rows.js';
import { preparedQueriesOf, runPrepared } from '../../db/prepared-queries.js';
import {
  type ListColumn,
  pageLimit,
  pageOffset,
  pagedQueryParts,
  plainFilterFields,
} from '../../db/paged-query.js';
import { buyers, issuers } from '../issuers/issuer.schema.js';
import { users } from '../users/user.schema.js';
import {
  type JobViewer,
  jobViewerKind,
  preparedVisibleJobsWhere,
  visibilityValues,
  visibleJobsWhere,
} from './jobs.policy.js';
import type { JobFileRow } from './job-files.repo.js';
import type { JobStepRow } from './job-steps.repo.js';
import { jobFiles, jobUserAssignments, jobWorkflowSteps, jobs } from './job.schema.js';
import type { JobRow } from './jobs.repo.js';

/**
 * Read model: the job list, one paged, sorted and filtered SQL query with the names it shows,
 * and a job's details (its list row, steps and files) in one query. Reads jobs,
 * job_user_assignments, job_workflow_steps and job_files (this module), issuers and buyers
 * (issuers module) and users (users module), filtered by the jobs.policy visibility rule.
 */

/** A job query joined with the issuer, buyer and owner whose names a list row shows. */
function withNames<Query extends PgSelect>(query: Query) {
  return query
    .innerJoin(issuers, eq(issuers.id, jobs.issuerId))
    .innerJoin(buyers, eq(buyers.id, jobs.buyerId))
    .innerJoin(users, eq(users.id, jobs.ownerId));
}

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
  [K in Exclude<keyof typeof listSelect, 'supplierCount'>]: (typeof listSelect)[K]['_']['data'];
} & { ownerName: string; issuerName: string; buyerName: string; supplierCount: number | null };

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
      const [row] = await runPrepared(
        db,
        'jobList.listRow',
        () =>
          withNames(db.select(listSelect).from(jobs).$dynamic()).where(
            eq(jobs.id, sql.placeholder('id')),
          ),
        { id },
      );
      return row as JobListRow | undefined;
    },

    /**
     * A job the viewer may see with the names its list row shows, its workflow steps (in their
     * order) and its files (oldest first), in one query: the job screen polls it while the job
     * runs, and it is one of the calls every job page makes.
     */
    async visibleDetails(
      viewer: JobViewer,
      id: string,
    ): Promise<
      { job: JobRow; row: JobListRow; steps: JobStepRow[]; files: JobFileRow[] } | undefined
    > {
      const kind = jobViewerKind(viewer);
      const [found] = await runPrepared(
        db,
        `jobList.visibleDetails:${kind}`,
        () =>
          withNames(
            db
              .select({
                job: jobs,
                issuerName: issuers.name,
                buyerName: buyers.name,
                ownerName: users.displayName,
                steps: jsonRowsOf(jobWorkflowSteps, {
                  where: eq(jobWorkflowSteps.jobId, jobs.id),
                  orderBy: sql`${jobWorkflowSteps.position}`,
                }),
                files: jsonRowsOf(jobFiles, {
                  where: eq(jobFiles.jobId, jobs.id),
                  orderBy: sql`${jobFiles.uploadedAt}`,
                }),
              })
              .from(jobs)
              .$dynamic(),
          ).where(and(eq(jobs.id, sql.placeholder('id')), preparedVisibleJobsWhere(kind))),
        { id, ...visibilityValues(viewer) },
      );
      if (!found) return undefined;
      const { job } = found;
      const row: JobListRow = {
        id: job.id,
        name: job.name,
        type: job.type,
        status: job.status,
        isPublished: job.isPublished,
        issuerId: job.issuerId,
        issuerName: found.issuerName,
        buyerId: job.buyerId,
        buyerName: found.buyerName,
        ownerId: job.ownerId,
        ownerName: found.ownerName,
        currency: job.currency,
        supplierCount: job.supplierCount,
        createdOn: job.createdAt,
        updatedOn: job.updatedAt,
      };
      return { job, row, steps: found.steps, files: found.files };
    },

    async list(viewer: JobViewer, request: PagedListRequest) {
      // Prepared once per kind of viewer and shape of request, its values bound
      // (db/prepared-queries.ts): the list is the first call of every signed-in page.
      const statements = preparedQueriesOf(db, 'job-list');
      const parts = pagedQueryParts(request, LIST_COLUMNS, {
        fields: plainFilterFields,
        defaultOrder: [desc(jobs.updatedAt)],
        tieBreaker: asc(jobs.id),
        placeholders: Boolean(statements),
      });
      const kind = jobViewerKind(viewer);
      const where = and(
        statements ? preparedVisibleJobsWhere(kind) : visibleJobsWhere(viewer),
        parts.where,
      );
      // One round trip: the page with the number of matches (evaluated once, not per row).
      const total = withNames(db.select({ n: count() }).from(jobs).$dynamic()).where(where);
      const page = () =>
        withNames(
          db
            .select({ ...listSelect, totalCount: sql<number>`(${total})`.mapWith(Number) })
            .from(jobs)
            .$dynamic(),
        )
          .where(where)
          .orderBy(...parts.orderBy)
          .limit(pageLimit(parts.limit))
          .offset(pageOffset(parts.offset));
      const values = { ...parts.values, ...visibilityValues(viewer), offset: parts.offset };
      const found = await (statements
        ? statements.run(
            `${kind}:${parts.shape}`,
            page,
            values,
            plannedDatabases(db)[parts.patterns === 'none' ? 'auto' : 'each'],
          )
        : page().execute(values));
      const rows = found.map(({ totalCount: _, ...row }) => row) as JobListRow[];
      if (found.length > 0) return { rows, total: found[0]!.totalCount };
      // A page past the end still says how many there are.
      const [counted] = await total.execute(values);
      return { rows, total: counted?.n ?? 0 };
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
