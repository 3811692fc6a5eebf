import {
  COMMAND_STATES,
  type CommandState,
  type ProqStatusDetails,
  type WrappedPagedListRequest,
  unwrapPagedListRequest,
} from '@b2b/contract';
import type { ProqConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { pagedResponse, wrappedFilterFields } from '../../db/paged-query.js';
import { AppError } from '../../lib/app-error.js';
import type { CommandRegistry } from './command-registry.js';
import { FAILED_STATES, QUEUED_STATES } from './command-states.js';
import { type CommandList, createProqMonitoringRepo } from './proq-monitoring.repo.js';
import { createProqWorkersRepo } from './proq-workers.repo.js';
import { ageInMinutes, presentCommand, presentCommandDetail } from './proq.presenter.js';

const QUICK_VIEW_ROWS = 100;
const DETAIL_LOG_LINES = 200;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type StateCounts = Record<CommandState, number>;
const zeroCounts = (): StateCounts =>
  Object.fromEntries(COMMAND_STATES.map((s) => [s, 0])) as StateCounts;
const sum = (counts: StateCounts, states: readonly CommandState[]) =>
  states.reduce((n, s) => n + counts[s], 0);

/** A worker is alive while it heart-beat within three heartbeat periods. */
export function staleAfterSeconds(config: ProqConfig): number {
  return (config.heartbeatMs * 3) / 1000;
}

/** The read side of SPEC.md's ProQ calls. Counts come from trigger-kept deltas, not scans. */
export function createProqMonitoringService(
  db: Database,
  deps: { config: ProqConfig; registry: CommandRegistry },
) {
  const repo = createProqMonitoringRepo(db);
  const workers = createProqWorkersRepo(db);
  const stale = staleAfterSeconds(deps.config);

  /** Counts per state, overall and per command type (registered types included at zero). */
  async function countsByType() {
    const totals = zeroCounts();
    const byType = new Map<string, StateCounts>(
      deps.registry.commandTypes().map((t) => [t, zeroCounts()]),
    );
    for (const row of await repo.counts()) {
      const counts = byType.get(row.commandType) ?? zeroCounts();
      counts[row.state] += row.count;
      totals[row.state] += row.count;
      byType.set(row.commandType, counts);
    }
    return { totals, byType };
  }

  async function pausedScopes() {
    const pauses = await workers.listPauses();
    return {
      isPaused: pauses.some((p) => p.scope === 'queue'),
      pausedJobIds: pauses.filter((p) => p.scope !== 'queue').map((p) => p.scope),
    };
  }

  return {
    async getMonitoringData() {
      const [{ totals }, isRunning, { isPaused }] = await Promise.all([
        countsByType(),
        workers.anyAlive(stale),
        pausedScopes(),
      ]);
      return {
        queueCounts: {
          queuedCommandsCount: sum(totals, QUEUED_STATES),
          queuedCompletedCommandsCount: totals.Completed,
          queuedErrorCommandsCount: sum(totals, FAILED_STATES),
        },
        isRunning,
        isPaused,
      };
    },

    async getQueuedCommandsCount() {
      const { byType } = await countsByType();
      return [...byType].map(([name, counts]) => ({ name, count: sum(counts, QUEUED_STATES) }));
    },

    async getStatusDetails(): Promise<ProqStatusDetails> {
      const [{ totals }, list, paused] = await Promise.all([
        countsByType(),
        workers.list(stale),
        pausedScopes(),
      ]);
      return {
        queuedCommandCount: sum(totals, QUEUED_STATES),
        isRunning: list.some((w) => w.isAlive),
        ...paused,
        workers: list.map((w) => ({
          ...w,
          startedAt: w.startedAt.toISOString(),
          heartbeatAt: w.heartbeatAt.toISOString(),
        })),
      };
    },

    async getCommandsInfo() {
      const { totals, byType } = await countsByType();
      return {
        totals,
        byCommandType: [...byType]
          .map(([commandType, counts]) => ({ commandType, ...counts }))
          .sort((a, b) => a.commandType.localeCompare(b.commandType)),
      };
    },

    async getQuickView(jobId?: string) {
      const now = Date.now();
      const rows = await repo.quickView(jobId, QUICK_VIEW_ROWS);
      return rows.map((r) => ({
        id: r.id,
        jobId: r.jobId,
        commandType: r.commandType,
        state: r.state as CommandState,
        age: ageInMinutes(r.queuedDate, now),
        tags: r.tags,
        jobName: r.jobName,
      }));
    },

    async getBackoffStrategyData() {
      const { minSeconds, maxSeconds, coefficient } = deps.config.backoff;
      const latest = await repo.latestRetry();
      return {
        currentDelay: latest?.delay ?? 0,
        minDelay: minSeconds,
        maxDelay: maxSeconds,
        coefficient,
        totalSecondsDiff: Math.max(0, Math.round(latest?.secondsLeft ?? 0)),
      };
    },

    getCommandTypes: async () => deps.registry.commandTypes(),

    /** One page of the queued, error or completed list. */
    async listCommands(list: CommandList, wrapped: WrappedPagedListRequest) {
      const request = unwrapPagedListRequest(wrapped);
      const { rows, totalCount } = await repo.list(list, request, wrappedFilterFields);
      let total = totalCount;
      if (total === null) {
        const { totals } = await countsByType();
        const states = list === 'queued' ? QUEUED_STATES : list === 'error' ? FAILED_STATES : [];
        total = list === 'completed' ? totals.Completed : sum(totals, states);
      }
      const now = Date.now();
      return pagedResponse(
        rows.map((r) => presentCommand(r, now)),
        total,
        request,
      );
    },

    checkQueuedCommands: (id: string) => repo.hasQueued(id, UUID.test(id)),

    async getCommand(id: string) {
      const row = await repo.findById(id);
      if (!row) throw AppError.notFound('No such ProQ command.');
      return presentCommandDetail(row, await workers.commandLogs(id, DETAIL_LOG_LINES));
    },

    /**
     * A job's latest command of one type (a module following the work it queued for a job),
     * without its logs; undefined when the job has none.
     */
    async latestJobCommand(jobId: string, commandType: string) {
      const row = await repo.latestOfJob(jobId, commandType);
      return row && { ...presentCommand(row), message: row.message };
    },

    /** The commands sharing a correlationId: finished, succeeded, and the first failure. */
    async getCorrelationOutcome(correlationId: string) {
      const rows = await repo.byCorrelation(correlationId);
      if (rows.length === 0) throw AppError.notFound('No command has this correlationId.');
      const failure = rows.find((r) => (FAILED_STATES as readonly string[]).includes(r.state));
      return {
        isCompleted: rows.every((r) => !(QUEUED_STATES as readonly string[]).includes(r.state)),
        isSuccess: rows.every((r) => r.state === 'Completed'),
        errorMessage: failure ? (failure.message ?? failure.state) : null,
        results: rows.map((r) => r.result),
      };
    },

    compactCounts: () => repo.compactCounts(),
  };
}
