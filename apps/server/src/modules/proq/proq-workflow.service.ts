import {
  type CommandState,
  type ProqCommand,
  type ProqJobWorkflow,
  type ProqWorkflowJob,
  type WrappedPagedListRequest,
  unwrapPagedListRequest,
} from '@b2b/contract';
import type { Database } from '../../db/client.js';
import { pagedResponse, wrappedFilterFields } from '../../db/paged-query.js';
import { AppError } from '../../lib/app-error.js';
import { FAILED_STATES } from './command-states.js';
import type { ProqOperatorRepo } from './proq-operator.repo.js';
import { type WorkflowJobRow, createProqWorkflowRepo } from './proq-workflow.repo.js';
import { presentCommand } from './proq.presenter.js';

const iso = (d: Date | string) => new Date(d).toISOString();

/** The same rule as the SQL aggregate: failure first, then running, waiting, blocked, canceled. */
const STATE_PRECEDENCE: readonly CommandState[] = [
  'Error',
  'InProgress',
  'Pending',
  'Blocked',
  'Canceled',
];
export function overallState(states: readonly CommandState[]): CommandState {
  return STATE_PRECEDENCE.find((s) => states.includes(s)) ?? 'Completed';
}

function presentJob(row: WorkflowJobRow): ProqWorkflowJob {
  return {
    jobId: row.job_id,
    jobName: row.job_name,
    state: row.state,
    commandCount: Number(row.command_count),
    queuedCount: Number(row.queued_count),
    completedCount: Number(row.completed_count),
    errorCount: Number(row.error_count),
    canceledCount: Number(row.canceled_count),
    firstQueuedDate: iso(row.first_queued_date),
    lastActivityDate: iso(row.last_activity_date),
    isPaused: !!row.is_paused,
  };
}

/** Groups a job's commands (in queue order) into steps, one per command type, first seen first. */
export function workflowSteps(commands: readonly ProqCommand[]) {
  const steps = new Map<string, ProqCommand[]>();
  for (const command of commands) {
    const step = steps.get(command.commandType) ?? [];
    step.push(command);
    steps.set(command.commandType, step);
  }
  return [...steps].map(([commandType, list]) => ({
    commandType,
    state: overallState(list.map((c) => c.state)),
    commands: list,
  }));
}

/**
 * Workflow management: ProQ seen per job. A job's workflow is its commands grouped into steps
 * by command type; restart queues its failed commands again, cancel stops what it has queued.
 */
export function createProqWorkflowService(
  db: Database,
  deps: { operator: ProqOperatorRepo; wake: () => void },
) {
  const repo = createProqWorkflowRepo(db);

  async function getJobWorkflow(jobId: string): Promise<ProqJobWorkflow> {
    const job = await repo.findJob(jobId);
    if (!job) throw AppError.notFound('This job has no ProQ commands.');
    const now = Date.now();
    const commands = (await repo.commandsOfJob(jobId)).map((r) => presentCommand(r, now));
    return { ...presentJob(job), steps: workflowSteps(commands) };
  }

  return {
    async listWorkflowJobs(wrapped: WrappedPagedListRequest) {
      const request = unwrapPagedListRequest(wrapped);
      const { rows, totalCount } = await repo.listJobs(request, wrappedFilterFields);
      return pagedResponse(rows.map(presentJob), totalCount, request);
    },

    getJobWorkflow,

    /**
     * Error and Canceled commands of the job are queued again. A command whose prerequisite
     * also failed waits for the pass that restores its prerequisite (restoring one brings back
     * the dependants canceled because of it); passes stop when one changes nothing. A command
     * whose failed prerequisite belongs to another job stays as it is.
     */
    async restartJob(jobId: string) {
      const before = await repo.countFailed(jobId);
      if (before === 0 && !(await repo.findJob(jobId)))
        throw AppError.notFound('This job has no ProQ commands.');
      let pending = await repo.idsOfJob(jobId, FAILED_STATES);
      while (pending.length > 0) {
        const waiting: string[] = [];
        for (const id of pending) {
          const outcome = await deps.operator.retry(id);
          if (outcome.kind === 'prerequisite-failed') waiting.push(id);
        }
        if (waiting.length === pending.length) break;
        pending = waiting;
      }
      const affected = before - (await repo.countFailed(jobId));
      if (affected > 0) deps.wake();
      return { affected, workflow: await getJobWorkflow(jobId) };
    },

    /** Pending and Blocked commands of the job are canceled (with their dependants). */
    async cancelJob(jobId: string, by: string) {
      const ids = await repo.idsOfJob(jobId, ['Pending', 'Blocked']);
      if (ids.length === 0 && !(await repo.findJob(jobId)))
        throw AppError.notFound('This job has no ProQ commands.');
      for (const id of ids) {
        // A dependant already canceled with an earlier one of the list answers wrong-state.
        await deps.operator.cancel(id, `Canceled by ${by} (job maintenance)`);
      }
      const left = await repo.idsOfJob(jobId, ['Pending', 'Blocked']);
      const affected = ids.filter((id) => !left.includes(id)).length;
      const workflow = await getJobWorkflow(jobId);
      return { affected, workflow };
    },
  };
}
