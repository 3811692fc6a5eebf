import { randomUUID } from 'node:crypto';
import type { ProqCommand } from '@b2b/contract';
import type { ProqConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import type { CommandRegistry } from './command-registry.js';
import { createProqMonitoringService } from './proq-monitoring.service.js';
import { type OperatorOutcome, createProqOperatorRepo } from './proq-operator.repo.js';
import { type ProqCommandRow, createProqQueueRepo } from './proq-queue.repo.js';
import { createProqRetentionRepo } from './proq-retention.repo.js';
import { createProqWorkflowService } from './proq-workflow.service.js';
import { createProqWorkersRepo } from './proq-workers.repo.js';
import { presentCommand } from './proq.presenter.js';

/** What a module asks ProQ to run. Only commandType is required. */
export type EnqueueCommand = {
  /** Give one when a later command of the same call names it as prerequisite. */
  id?: string;
  commandType: string;
  payload?: unknown;
  /** Higher runs first (default 0). */
  priority?: number;
  prerequisite?: string | null;
  category?: string | null;
  targetEntityId?: string | null;
  jobId?: string | null;
  correlationId?: string | null;
  tags?: string[];
  environment?: string | null;
  processingGroup?: string | null;
  /** Not before this time. */
  scheduledTime?: Date | null;
  stuckTimeOutInSeconds?: number;
  batchId?: string | null;
  prerequisiteBatchId?: string | null;
  maxAttempts?: number;
  /** Enqueue at most once per key (the scheduler's `type@period`). */
  scheduleKey?: string | null;
};

const DEFAULT_STUCK_TIMEOUT_SECONDS = 300;
/** Rows one retention statement deletes: short transactions, however much history piled up. */
const PURGE_CHUNK = 5000;
const DAY_MS = 86_400_000;

/** The queue's front door: enqueue, operator actions, and the monitoring reads. */
export function createProqService(
  db: Database,
  deps: { config: ProqConfig; registry: CommandRegistry; environment: string },
) {
  const queue = createProqQueueRepo(db);
  const operator = createProqOperatorRepo(db);
  const workers = createProqWorkersRepo(db);
  const listeners = new Set<() => void>();
  const { registry, config } = deps;
  const monitoring = createProqMonitoringService(db, { config, registry });
  const retention = createProqRetentionRepo(db);
  const background = {
    running: true,
    changedAt: null as string | null,
    changedBy: null as string | null,
  };
  const wake = () => {
    for (const listener of listeners) listener();
  };
  const workflow = createProqWorkflowService(db, { operator, wake });

  function prepare(command: EnqueueCommand) {
    const handler = registry.get(command.commandType);
    if (!handler) {
      throw AppError.badRequest(
        `commandType ${command.commandType} has no registered handler`,
        'commandType',
      );
    }
    let payload: unknown = command.payload ?? {};
    if (handler.payloadSchema) {
      const parsed = handler.payloadSchema.safeParse(payload);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const field = ['payload', ...(issue?.path ?? [])].join('.');
        throw AppError.badRequest(`${field}: ${issue?.message ?? 'is invalid'}`, field);
      }
      payload = parsed.data;
    }
    return {
      ...command,
      id: command.id ?? randomUUID(),
      payload,
      tags: command.tags ?? [],
      environment: command.environment ?? deps.environment,
      maxAttempts: command.maxAttempts ?? handler.maxAttempts ?? config.maxAttempts,
      stuckTimeOutInSeconds:
        command.stuckTimeOutInSeconds ??
        handler.stuckTimeOutInSeconds ??
        DEFAULT_STUCK_TIMEOUT_SECONDS,
      ...(command.scheduledTime ? { availableAt: command.scheduledTime } : {}),
    };
  }

  function operatorResult(outcome: OperatorOutcome, action: string): ProqCommand {
    switch (outcome.kind) {
      case 'done':
        return presentCommand(outcome.command);
      case 'not-found':
        throw AppError.notFound('No such ProQ command.');
      case 'wrong-state':
        throw AppError.conflict(`A ${outcome.state} command cannot be ${action}.`);
      case 'prerequisite-failed':
        throw AppError.conflict(
          `Its prerequisite command ${outcome.id} ended in ${outcome.state}: retry that one first.`,
        );
    }
  }

  const pauseScope = (jobId: string | undefined) => jobId ?? 'queue';

  return {
    registry,
    ...monitoring,
    listWorkflowJobs: workflow.listWorkflowJobs,
    getJobWorkflow: workflow.getJobWorkflow,
    /** Queues the job's Error and Canceled commands again, prerequisites first. */
    restartJob: (_actor: Actor, jobId: string) => workflow.restartJob(jobId),
    /** Cancels the job's Pending and Blocked commands. */
    cancelJob: (actor: Actor, jobId: string) => workflow.cancelJob(jobId, actor.username),
    /**
     * A job's log lines after `afterId`, oldest first, `limit` at most; each with the type of the
     * command that wrote it, which names the job's workflow step (SPEC §4 workflow steps).
     */
    jobLogs: (jobId: string, afterId: number, limit: number) =>
      workers.jobLogs(jobId, afterId, limit),
    /**
     * Whether one of the job's commands is still running: a job is marked Completed inside its
     * last step's command, which then still logs what it did after completion.
     */
    jobHasRunningCommand: (jobId: string) => workers.jobHasRunningCommand(jobId),

    /**
     * Retention: deletes Completed and Canceled commands finished more than
     * PROQ_RETENTION_DAYS ago, in chunks, until none is left or `signal` aborts.
     */
    async purgeFinishedCommands(options: { now?: Date; signal?: AbortSignal } = {}) {
      const retentionDays = config.retentionDays;
      const before = new Date((options.now ?? new Date()).getTime() - retentionDays * DAY_MS);
      let deleted = 0;
      for (;;) {
        options.signal?.throwIfAborted();
        const n = await retention.purgeFinishedBefore(before, PURGE_CHUNK);
        deleted += n;
        if (n < PURGE_CHUNK) break;
      }
      return { deleted, retentionDays };
    },

    /**
     * Adds commands in one transaction, in their initial state (Blocked while a prerequisite
     * is unfinished, Canceled if one already failed). Wakes this process's idle workers.
     */
    async enqueue(commands: EnqueueCommand | EnqueueCommand[]): Promise<ProqCommandRow[]> {
      const list = Array.isArray(commands) ? commands : [commands];
      if (list.length === 0) return [];
      const rows = await queue.enqueue(list.map(prepare));
      for (const listener of listeners) listener();
      return rows;
    },
    /**
     * This process's background service (SPEC §6 BackgroundService_TOGGLE): paused, its
     * in-process workers claim nothing new, while the commands they run finish and their
     * heartbeats go on. It is this process only: other nodes and `npm run worker` processes
     * keep claiming; the queue-wide pause is the workflow pause.
     */
    backgroundService: () => ({ slots: config.workers, ...background }),
    setBackgroundService(actor: Actor, running: boolean) {
      if (background.running !== running) {
        background.running = running;
        background.changedAt = new Date().toISOString();
        background.changedBy = actor.username;
        if (running) wake();
      }
      return { slots: config.workers, ...background };
    },
    isBackgroundServiceRunning: () => background.running,

    /** Called after every enqueue in this process (in-process workers wake up at once). */
    onEnqueued(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Error or Canceled → queued again with attempts reset (409 otherwise). */
    async retry(_actor: Actor, id: string): Promise<ProqCommand> {
      const command = operatorResult(await operator.retry(id), 'retried');
      for (const listener of listeners) listener();
      return command;
    },
    /** Pending or Blocked → Canceled, its dependants with it (409 otherwise). */
    async cancel(actor: Actor, id: string): Promise<ProqCommand> {
      return operatorResult(await operator.cancel(id, `Canceled by ${actor.username}`), 'canceled');
    },
    /** Pauses the queue, or one job's commands: running ones finish, nothing new starts. */
    async pause(actor: Actor, input: { jobId?: string }) {
      await workers.pause(pauseScope(input.jobId), actor.username);
      return monitoring.getStatusDetails();
    },
    async resume(_actor: Actor, input: { jobId?: string }) {
      await workers.resume(pauseScope(input.jobId));
      for (const listener of listeners) listener();
      return monitoring.getStatusDetails();
    },
  };
}
export type ProqService = ReturnType<typeof createProqService>;
