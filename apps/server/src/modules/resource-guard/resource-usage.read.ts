import { and, desc, eq, isNull, notExists, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { issuers } from '../issuers/issuer.schema.js';
import { jobFiles, jobWorkflowSteps, jobs } from '../jobs/job.schema.js';

/**
 * Read model: what the resource limits bound today (SPEC §2 /devops/resource-guard).
 * Reads jobs, job_files and job_workflow_steps (jobs module) and issuers (issuers module): a
 * limit check is one statement in the request it guards.
 */

/** A job in the pipeline: submitted and not yet Completed or in Error. */
const inPipeline = eq(jobs.status, 'Processing');
/** A job in the pipeline that holds a running slot: not waiting for one (a queueing limit). */
const running = and(inPipeline, isNull(jobs.waitingSince));

/** A job in the pipeline none of whose steps runs yet: it waits in the queue. */
const waiting = and(
  inPipeline,
  notExists(
    sql`(select 1 from ${jobWorkflowSteps} where ${jobWorkflowSteps.jobId} = ${jobs.id} and ${jobWorkflowSteps.status} = 'Running')`,
  ),
);

const storageSum = sql<number>`coalesce(sum(${jobFiles.sizeBytes}), 0)::float8`;
const jobCount = sql<number>`count(*)::int`;

export function createResourceUsageRead(db: Database) {
  return {
    /** Bytes of the issuer's jobs' stored (uploaded) files. */
    async storageOfIssuer(issuerId: string): Promise<number> {
      const [row] = await db
        .select({ bytes: storageSum })
        .from(jobFiles)
        .innerJoin(jobs, eq(jobs.id, jobFiles.jobId))
        .where(eq(jobs.issuerId, issuerId));
      return Number(row?.bytes ?? 0);
    },
    async runningOfIssuer(issuerId: string): Promise<number> {
      const [row] = await db
        .select({ n: jobCount })
        .from(jobs)
        .where(and(running, eq(jobs.issuerId, issuerId)));
      return row?.n ?? 0;
    },
    async queuedOfUser(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: jobCount })
        .from(jobs)
        .where(and(waiting, eq(jobs.ownerId, userId)));
      return row?.n ?? 0;
    },

    /** The issuers storing the most, largest first. */
    storageByIssuer: (limit: number) =>
      db
        .select({ issuerId: issuers.id, issuerName: issuers.name, value: storageSum })
        .from(jobFiles)
        .innerJoin(jobs, eq(jobs.id, jobFiles.jobId))
        .innerJoin(issuers, eq(issuers.id, jobs.issuerId))
        .groupBy(issuers.id, issuers.name)
        .orderBy(desc(storageSum), issuers.name)
        .limit(limit),
    /** The issuers with the most jobs in the pipeline, most first. */
    runningByIssuer: (limit: number) =>
      db
        .select({ issuerId: issuers.id, issuerName: issuers.name, value: jobCount })
        .from(jobs)
        .innerJoin(issuers, eq(issuers.id, jobs.issuerId))
        .where(running)
        .groupBy(issuers.id, issuers.name)
        .orderBy(desc(jobCount), issuers.name)
        .limit(limit),
    /** The most jobs one user has waiting in the queue. */
    async maxQueuedPerUser(): Promise<number> {
      const perUser = db
        .select({ n: jobCount.as('n') })
        .from(jobs)
        .where(waiting)
        .groupBy(jobs.ownerId)
        .as('per_user');
      const [row] = await db
        .select({ n: sql<number>`coalesce(max(${perUser.n}), 0)::int` })
        .from(perUser);
      return row?.n ?? 0;
    },
  };
}
