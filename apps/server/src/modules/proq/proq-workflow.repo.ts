import { COMMAND_STATES, type CommandState, type PagedListRequest } from '@b2b/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { type FilterFieldNames, type ListColumn, pagedQueryParts } from '../../db/paged-query.js';
import { queryRows } from '../../db/transaction.js';
import { FAILED_STATES } from './command-states.js';
import { proqCommands as c } from './proq-command.schema.js';
import { proqPauses } from './proq-worker.schema.js';

/** One job's commands summarised, as the per-job aggregate below returns it. */
export type WorkflowJobRow = {
  job_id: string;
  job_name: string | null;
  state: CommandState;
  command_count: number;
  queued_count: number;
  completed_count: number;
  error_count: number;
  canceled_count: number;
  first_queued_date: Date | string;
  last_activity_date: Date | string;
  is_paused: boolean;
};

/**
 * The workflow's overall state from its per-state counts: a failure shows first, then what is
 * running, waiting to run, waiting for prerequisites; Canceled only when nothing else is left.
 */
const OVERALL_STATE = sql`case
  when count(*) filter (where state = 'Error') > 0 then 'Error'
  when count(*) filter (where state = 'InProgress') > 0 then 'InProgress'
  when count(*) filter (where state = 'Pending') > 0 then 'Pending'
  when count(*) filter (where state = 'Blocked') > 0 then 'Blocked'
  when count(*) filter (where state = 'Canceled') > 0 then 'Canceled'
  else 'Completed' end`;

/**
 * The per-job aggregate the list filters and sorts on (a subquery named `jobs`). The job's name
 * is read from the analysis jobs table by id: ProQ stores only the id, and a command may
 * outlive its job (then the name is null).
 */
const JOBS = sql`(select job_id,
    (select j.name from jobs j where j.id = job_id) as job_name,
    ${OVERALL_STATE} as state,
    count(*)::int as command_count,
    count(*) filter (where state in ('Blocked', 'Pending', 'InProgress'))::int as queued_count,
    count(*) filter (where state = 'Completed')::int as completed_count,
    count(*) filter (where state = 'Error')::int as error_count,
    count(*) filter (where state = 'Canceled')::int as canceled_count,
    min(queued_date) as first_queued_date,
    max(greatest(queued_date, started_date, completed_date)) as last_activity_date,
    exists (select 1 from proq_pauses p where p.scope = job_id::text) as is_paused
  from proq_commands where job_id is not null group by job_id) as jobs`;

const JOB_COLUMNS: Record<string, ListColumn> = {
  jobId: { column: sql`jobs.job_id`, kind: 'uuid' },
  jobName: { column: sql`jobs.job_name`, kind: 'text' },
  state: { column: sql`jobs.state`, kind: 'text', values: COMMAND_STATES },
  commandCount: { column: sql`jobs.command_count`, kind: 'number' },
  queuedCount: { column: sql`jobs.queued_count`, kind: 'number' },
  completedCount: { column: sql`jobs.completed_count`, kind: 'number' },
  errorCount: { column: sql`jobs.error_count`, kind: 'number' },
  canceledCount: { column: sql`jobs.canceled_count`, kind: 'number' },
  firstQueuedDate: { column: sql`jobs.first_queued_date`, kind: 'date' },
  lastActivityDate: { column: sql`jobs.last_activity_date`, kind: 'date' },
};

/** Jobs seen through their ProQ commands: the workflow management reads and job-wide actions. */
export function createProqWorkflowRepo(db: Database) {
  return {
    /** One page of jobs with commands, latest activity first. */
    async listJobs(request: PagedListRequest, fields: FilterFieldNames) {
      const parts = pagedQueryParts(request, JOB_COLUMNS, {
        fields,
        defaultOrder: [sql`jobs.last_activity_date desc`],
        tieBreaker: sql`jobs.job_id`,
      });
      const where = parts.where ? sql`where ${parts.where}` : sql``;
      const rows = await queryRows<WorkflowJobRow>(
        db,
        sql`select * from ${JOBS} ${where}
            order by ${sql.join(parts.orderBy, sql`, `)}
            limit ${parts.limit} offset ${parts.offset}`,
      );
      const [total] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from ${JOBS} ${where}`,
      );
      return { rows, totalCount: Number(total?.n ?? 0) };
    },

    /** One job's summary, or undefined when it has no commands. */
    async findJob(jobId: string): Promise<WorkflowJobRow | undefined> {
      const [row] = await queryRows<WorkflowJobRow>(
        db,
        sql`select * from ${JOBS} where jobs.job_id = ${jobId}::uuid`,
      );
      return row;
    },

    /** A job's commands in queue order (the workflow's steps are built from them). */
    commandsOfJob(jobId: string) {
      return db.select().from(c).where(eq(c.jobId, jobId)).orderBy(asc(c.queuedDate), asc(c.id));
    },

    /** Ids of a job's commands in the given states, oldest first. */
    async idsOfJob(jobId: string, states: readonly CommandState[]): Promise<string[]> {
      const rows = await db
        .select({ id: c.id })
        .from(c)
        .where(and(eq(c.jobId, jobId), inArray(c.state, [...states])))
        .orderBy(asc(c.queuedDate), asc(c.id));
      return rows.map((r) => r.id);
    },

    async countFailed(jobId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(c)
        .where(and(eq(c.jobId, jobId), inArray(c.state, [...FAILED_STATES])));
      return Number(row?.n ?? 0);
    },

    async isPaused(jobId: string): Promise<boolean> {
      const rows = await db.select().from(proqPauses).where(eq(proqPauses.scope, jobId));
      return rows.length > 0;
    },
  };
}
