import { COMMAND_STATES, type CommandState, type PagedListRequest } from '@b2b/contract';
import { and, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { type FilterFieldNames, type ListColumn, pagedQueryParts } from '../../db/paged-query.js';
import { queryRows } from '../../db/transaction.js';
import { FAILED_STATES, QUEUED_STATES } from './command-states.js';
import { proqCommandCountDeltas as deltas, proqCommands as c } from './proq-command.schema.js';

export type CommandList = 'queued' | 'error' | 'completed';
export type StateCount = { commandType: string; state: CommandState; count: number };

const LIST_STATES: Record<CommandList, readonly CommandState[]> = {
  queued: QUEUED_STATES,
  error: FAILED_STATES,
  completed: ['Completed'],
};
const ageMinutes = sql`floor(extract(epoch from (now() - ${c.queuedDate})) / 60)`;

/** Every property of SPEC.md's ProQ command, filterable and sortable by its name. */
const LIST_COLUMNS: Record<string, ListColumn> = {
  id: { column: c.id, kind: 'uuid' },
  priority: { column: c.priority, kind: 'number' },
  prerequisite: { column: c.prerequisite, kind: 'uuid' },
  commandType: { column: c.commandType, kind: 'text' },
  category: { column: c.category, kind: 'text' },
  targetEntityId: { column: c.targetEntityId, kind: 'text' },
  jobId: { column: c.jobId, kind: 'uuid' },
  correlationId: { column: c.correlationId, kind: 'text' },
  payload: { column: c.payload, kind: 'json' },
  queuedDate: { column: c.queuedDate, kind: 'date' },
  startedDate: { column: c.startedDate, kind: 'date' },
  completedDate: { column: c.completedDate, kind: 'date' },
  state: { column: c.state, kind: 'text', values: COMMAND_STATES },
  age: { column: ageMinutes, kind: 'number' },
  tags: { column: c.tags, kind: 'tags' },
  environment: { column: c.environment, kind: 'text' },
  processingGroup: { column: c.processingGroup, kind: 'text' },
  scheduledTime: { column: c.scheduledTime, kind: 'date' },
  stuckTimeOutInSeconds: { column: c.stuckTimeOutInSeconds, kind: 'number' },
  batchId: { column: c.batchId, kind: 'text' },
  prerequisiteBatchId: { column: c.prerequisiteBatchId, kind: 'text' },
  message: { column: c.message, kind: 'text' },
};

const DEFAULT_ORDER: Record<CommandList, SQL[]> = {
  queued: [sql`${c.priority} desc nulls last`, sql`${c.queuedDate} asc`],
  error: [sql`${c.completedDate} desc nulls last`],
  completed: [sql`${c.completedDate} desc nulls last`],
};

/** The monitoring reads: counts, lists, one command, quick views. */
export function createProqMonitoringRepo(db: Database) {
  return {
    /** Non-zero counts per (commandType, state), from the trigger-kept deltas. */
    async counts(): Promise<StateCount[]> {
      return db
        .select({
          commandType: deltas.commandType,
          state: sql<CommandState>`${deltas.state}`,
          count: sql<number>`sum(${deltas.delta})::int`,
        })
        .from(deltas)
        .groupBy(deltas.commandType, deltas.state)
        .having(sql`sum(${deltas.delta}) <> 0`);
    },

    /** Folds the deltas into one row per (commandType, state); safe to run concurrently. */
    async compactCounts(): Promise<void> {
      await db.execute(
        sql`with folded as (delete from proq_command_count_deltas
              returning command_type, state, delta)
            insert into proq_command_count_deltas (command_type, state, delta)
            select command_type, state, sum(delta) from folded
            group by command_type, state having sum(delta) <> 0`,
      );
    },

    /** One page of a list; `totalCount` is null when the caller may take it from counts(). */
    async list(list: CommandList, request: PagedListRequest, fields: FilterFieldNames) {
      const parts = pagedQueryParts(request, LIST_COLUMNS, {
        fields,
        defaultOrder: DEFAULT_ORDER[list],
        tieBreaker: sql`${c.id}`,
      });
      const where = and(inArray(c.state, [...LIST_STATES[list]]), parts.where);
      const rows = await db
        .select()
        .from(c)
        .where(where)
        .orderBy(...parts.orderBy)
        .limit(parts.limit)
        .offset(parts.offset);
      if (!parts.hasFilters) return { rows, totalCount: null };
      const [total] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(c)
        .where(where);
      return { rows, totalCount: total?.n ?? 0 };
    },

    async findById(id: string) {
      const [row] = await db.select().from(c).where(eq(c.id, id));
      return row;
    },

    /** The latest commands (of one job, or all), Blocked hidden. */
    quickView(jobId: string | undefined, limit: number) {
      return db
        .select({
          id: c.id,
          jobId: c.jobId,
          commandType: c.commandType,
          state: c.state,
          queuedDate: c.queuedDate,
          tags: c.tags,
          // ProQ stores only the job id; the name lives with the analysis job.
          jobName: sql<string | null>`(select j.name from jobs j where j.id = ${c.jobId})`,
        })
        .from(c)
        .where(and(ne(c.state, 'Blocked'), jobId ? eq(c.jobId, jobId) : undefined))
        .orderBy(desc(c.queuedDate))
        .limit(limit);
    },

    /** A job's most recently queued command of one type, if any. */
    async latestOfJob(jobId: string, commandType: string) {
      const [row] = await db
        .select()
        .from(c)
        .where(and(eq(c.jobId, jobId), eq(c.commandType, commandType)))
        .orderBy(desc(c.queuedDate))
        .limit(1);
      return row;
    },

    /** Whether a job (by id) or a target entity still has commands to run. */
    async hasQueued(id: string, isUuid: boolean): Promise<boolean> {
      const [row] = await db
        .select({ id: c.id })
        .from(c)
        .where(
          and(
            inArray(c.state, [...QUEUED_STATES]),
            or(eq(c.targetEntityId, id), isUuid ? eq(c.jobId, id) : undefined),
          ),
        )
        .limit(1);
      return !!row;
    },

    byCorrelation(correlationId: string) {
      return db
        .select({ state: c.state, message: c.message, result: c.result, queuedDate: c.queuedDate })
        .from(c)
        .where(eq(c.correlationId, correlationId))
        .orderBy(c.queuedDate)
        .limit(100);
    },

    /** The retry waiting longest: its delay and the seconds until it is due. */
    async latestRetry(): Promise<{ delay: number; secondsLeft: number } | undefined> {
      const [row] = await queryRows<{ delay: number; seconds_left: number }>(
        db,
        sql`select last_delay_seconds as delay,
              extract(epoch from (available_at - now()))::float8 as seconds_left
            from proq_commands
            where state = 'Pending' and last_delay_seconds is not null and available_at > now()
            order by available_at desc limit 1`,
      );
      return row ? { delay: Number(row.delay), secondsLeft: Number(row.seconds_left) } : undefined;
    },
  };
}
