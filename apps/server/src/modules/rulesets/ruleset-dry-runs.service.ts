import { randomUUID } from 'node:crypto';
import {
  PROQ_COMMAND_TYPES,
  type RulesetDryRun,
  type RulesetDryRunSummary,
  type RulesetKind,
} from '@b2b/contract';
import type { Database } from '../../db/client.js';
import { withEngineDb } from '../../engine/duckdb.js';
import { readChanges } from '../../engine/results/ruleset-dry-run.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import type { FileStorage } from '../../storage/file-storage.js';
import type { JobsService } from '../jobs/jobs.service.js';
import type { ProqService } from '../proq/proq.service.js';
import type { SystemLogsService } from '../system-logs/system-logs.service.js';
import { type DryRunRow, createRulesetsRepo } from './rulesets.repo.js';
import type { RulesetsService } from './rulesets.service.js';
import { uiText } from '../../lib/ui-text.js';

const changesKey = (id: string) => `rulesets/dry-runs/${id}.parquet`;

function present(row: DryRunRow): RulesetDryRun {
  return {
    id: row.id,
    kind: row.kind as RulesetKind,
    versionNumber: row.versionNumber,
    jobId: row.jobId,
    state: row.state as RulesetDryRun['state'],
    error: row.error,
    summary: (row.summary as RulesetDryRunSummary | null) ?? null,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/**
 * Dry-runs of a ruleset version (drafts included) on a Completed job, and re-runs of chosen jobs
 * with a version. A dry-run is a ProQ command (a confidence one re-matches the whole job, which
 * takes a while on a big job); it writes no job results, only its counts and the changed
 * suppliers, which the editor pages through.
 */
export function createRulesetDryRunsService(
  db: Database,
  deps: {
    rulesets: Pick<RulesetsService, 'get' | 'confidence' | 'scoring'>;
    jobs: Pick<JobsService, 'get' | 'rulesetDryRun' | 'results'>;
    proq: Pick<ProqService, 'enqueue'>;
    storage: () => FileStorage;
    systemLogs: Pick<SystemLogsService, 'record'>;
  },
) {
  const repo = createRulesetsRepo(db);

  async function found(kind: RulesetKind, id: string): Promise<DryRunRow> {
    const row = await repo.dryRun(kind, id);
    if (!row) throw AppError.notFound('No such dry-run.');
    return row;
  }

  return {
    async start(actor: Actor, kind: RulesetKind, versionNumber: number, jobId: string) {
      await deps.rulesets.get(kind, versionNumber);
      const job = await deps.jobs.get(actor, jobId); // 404 for a job the actor may not see
      if (job.status !== 'Completed')
        throw AppError.badRequest('Choose a Completed job: its results are compared.', 'jobId');
      if (kind === 'scoring' && job.type === 'matched-data-only')
        throw AppError.badRequest('A Matched Data Only job is not scored.', 'jobId');
      const row = await repo.insertDryRun({
        id: randomUUID(),
        kind,
        versionNumber,
        jobId: job.id,
        createdBy: actor.username,
      });
      await deps.proq.enqueue([
        {
          commandType: PROQ_COMMAND_TYPES.rulesetDryRun,
          payload: { dryRunId: row.id },
          targetEntityId: row.id,
          category: 'Analysis',
          tags: [kind, `v${versionNumber}`],
        },
      ]);
      return present(row);
    },

    async get(kind: RulesetKind, id: string) {
      return present(await found(kind, id));
    },

    async changes(kind: RulesetKind, id: string, page: { pageNumber: number; pageSize: number }) {
      const row = await found(kind, id);
      if (row.state !== 'Done')
        throw AppError.conflict(`The dry-run is ${row.state}; its changes are listed once Done.`);
      const file = await deps.storage().localPath(changesKey(id));
      try {
        const { rows, total } = await withEngineDb({ threads: 1, memoryLimit: '256MB' }, (engine) =>
          readChanges(engine, file.path, (page.pageNumber - 1) * page.pageSize, page.pageSize),
        );
        const totalPages = Math.ceil(total / page.pageSize);
        return {
          collection: rows,
          currentPage: page.pageNumber,
          hasNextPage: page.pageNumber < totalPages,
          hasPreviousPage: page.pageNumber > 1,
          pageSize: page.pageSize,
          totalCount: total,
          totalPages,
        };
      } finally {
        await file.release();
      }
    },

    /** The ProQ command's work; a second delivery of a finished dry-run does nothing. */
    async run(id: string): Promise<string> {
      const row = await repo.dryRunById(id);
      if (!row) return uiText('The dry-run was deleted with its job.');
      if (row.state === 'Done' || row.state === 'Error') return uiText(`Already ${row.state}.`);
      await repo.updateDryRun(id, { state: 'Running' });
      const started = performance.now();
      try {
        const kind = row.kind as RulesetKind;
        const version = await deps.rulesets.get(kind, row.versionNumber);
        const compared = await deps.jobs.rulesetDryRun(
          row.jobId,
          version.ruleset.kind === 'confidence'
            ? { kind: 'confidence', ruleset: version.ruleset }
            : { kind: 'scoring', ruleset: version.ruleset },
          changesKey(id),
        );
        const summary: RulesetDryRunSummary = {
          ...compared,
          seconds: Number(((performance.now() - started) / 1000).toFixed(2)),
        };
        await repo.updateDryRun(id, { state: 'Done', summary, finishedAt: new Date() });
        return uiText(
          `${summary.changedCount} of ${summary.supplierCount} suppliers change (${summary.seconds} s)`,
        );
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await repo.updateDryRun(id, { state: 'Error', error: message, finishedAt: new Date() });
        return uiText(`Failed: ${message}`);
      }
    },

    /**
     * Runs chosen Completed jobs again with a version (not a draft) through the jobs module:
     * re-scoring for a scoring ruleset, re-matching (then scoring) for a confidence one.
     */
    async rerunJobs(actor: Actor, kind: RulesetKind, versionNumber: number, jobIds: string[]) {
      const version =
        kind === 'confidence'
          ? await deps.rulesets.confidence(versionNumber)
          : await deps.rulesets.scoring(versionNumber);
      const jobs = [];
      for (const [i, jobId] of [...new Set(jobIds)].entries()) {
        try {
          const job =
            kind === 'confidence'
              ? await deps.jobs.results.rematch(actor, jobId, version.versionNumber)
              : await deps.jobs.results.rescore(actor, jobId, version.versionNumber);
          jobs.push({ jobId: job.id, name: job.name, status: job.status });
        } catch (error) {
          if (error instanceof AppError && error.statusCode < 500 && !error.errors)
            throw new AppError(error.statusCode, `jobIds[${i}]: ${error.message}`, error.code, [
              { field: `body.jobIds[${i}]`, message: error.message },
            ]);
          throw error;
        }
      }
      await deps.systemLogs.record(actor, {
        action: kind === 'confidence' ? 'RulesetJobsRematched' : 'RulesetJobsRescored',
        entityType: `${kind}-ruleset`,
        entityId: String(versionNumber),
        entityName: version.name,
        after: { jobs: jobs.map((j) => j.jobId) },
      });
      return { jobs };
    },
  };
}
export type RulesetDryRunsService = ReturnType<typeof createRulesetDryRunsService>;
