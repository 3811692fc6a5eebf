import { randomUUID } from 'node:crypto';
import {
  JOB_FILE_ROLES,
  PROQ_COMMAND_TYPES,
  WORKFLOW_STEPS,
  type DocumentType,
  type JobType,
  type WorkflowStepKind,
} from '@b2b/contract';
import type { Database } from '../../db/client.js';
import {
  missingRequiredFields,
  validateColumnMapping,
} from '../../engine/ingestion/column-mapping.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import type { ProqService } from '../proq/proq.service.js';
import { asBadRequest } from './job-errors.js';
import { createJobFilesRepo } from './job-files.repo.js';
import type { JobLookup } from './job-lookup.js';
import { createJobStepsRepo } from './job-steps.repo.js';
import { authorize } from './jobs.policy.js';
import { type JobRow, createJobsRepo } from './jobs.repo.js';
import type { IssuersService } from '../issuers/issuers.service.js';
import type { ResourceGuardService } from '../resource-guard/resource-guard.service.js';
import type { RulesetsService } from '../rulesets/rulesets.service.js';

/** ProQ command type per workflow step. */
export const STEP_COMMANDS: Record<WorkflowStepKind, string> = {
  Ingest: 'JobIngest',
  Match: 'JobMatch',
  Score: 'JobScore',
  Aggregate: 'JobAggregate',
};

/** The steps a job of this type runs: Matched Data Only stops after matching. */
export function stepsFor(type: string): WorkflowStepKind[] {
  return type === 'matched-data-only' ? ['Ingest', 'Match'] : [...WORKFLOW_STEPS];
}

const STEP_OF_COMMAND = Object.fromEntries(
  Object.entries(STEP_COMMANDS).map(([step, type]) => [type, step as WorkflowStepKind]),
);

/** StartWaitingJobs runs one at a time (a processing group's default limit is 1). */
export const WAITING_JOBS_GROUP = 'waiting-jobs';

/** A job's pipeline (SPEC §4 job states): submit, retry a failed step, reset, and its log. */
export function createJobWorkflowService(
  db: Database,
  deps: {
    lookup: JobLookup;
    proq: ProqService;
    rulesets: RulesetsService;
    guard: Pick<ResourceGuardService, 'checkSubmit' | 'runningSlot'>;
    issuers: Pick<IssuersService, 'findById'>;
  },
) {
  const { lookup, proq, rulesets, guard } = deps;
  const repo = createJobsRepo(db);
  const steps = createJobStepsRepo(db);
  const files = createJobFilesRepo(db);

  /**
   * Queues the pipeline from `from` on: a new run number (older runs' commands become no-ops),
   * steps before `from` unchanged, `from` Pending, later ones Blocked, each command waiting for
   * the previous one. With `waitFor` (the issuer is at its running-jobs limit, set to queue)
   * the steps are laid out the same but no command is queued: the job waits, `from` showing
   * the message, until StartWaitingJobs queues it.
   */
  async function enqueueFrom(
    job: JobRow,
    from: WorkflowStepKind,
    values: Partial<JobRow> = {},
    waitFor?: string,
  ): Promise<JobRow> {
    const all = stepsFor(job.type);
    const start = all.indexOf(from);
    const next = await repo.nextRun(job.id, {
      ...values,
      status: 'Processing',
      completedAt: null,
      waitingSince: waitFor ? new Date() : null,
    });
    const commands = all.slice(start).map((step) => ({ id: randomUUID(), step }));
    await steps.upsertSteps(
      commands.map((c, i) => ({
        jobId: job.id,
        step: c.step,
        position: all.indexOf(c.step),
        status: i === 0 ? 'Pending' : 'Blocked',
        progress: 0,
        message: i === 0 && waitFor ? waitFor : null,
        commandId: waitFor ? null : c.id,
        startedAt: null,
        completedAt: null,
      })),
    );
    if (waitFor) return next;
    await proq.enqueue(
      commands.map((c, i) => ({
        id: c.id,
        commandType: STEP_COMMANDS[c.step],
        payload: { jobId: job.id, runNumber: next.runNumber },
        jobId: job.id,
        targetEntityId: job.id,
        category: 'Analysis',
        processingGroup: 'analysis',
        prerequisite: i === 0 ? null : commands[i - 1]!.id,
        tags: [job.type, c.step],
      })),
    );
    return next;
  }

  /** Every file the job's type uses is there and mapped, or a 400 saying what is missing. */
  async function checkReady(job: JobRow) {
    const roles: readonly string[] = JOB_FILE_ROLES[job.type as JobType];
    const used = (await files.files(job.id)).filter((f) => roles.includes(f.role));
    if (used.length === 0) {
      throw AppError.badRequest(
        job.type === 'advanced'
          ? 'Upload at least one PurchaseOrder, Invoice or Payment file before submitting.'
          : 'Upload the supplier file before submitting.',
        'files',
      );
    }
    for (const file of used) {
      const documentType = file.role === 'Suppliers' ? undefined : (file.role as DocumentType);
      const missing = missingRequiredFields(file.mapping, job.type as JobType, documentType);
      if (missing.length > 0) {
        throw AppError.badRequest(
          `${file.fileName}: map a column to ${missing.join(', ')} before submitting.`,
          'mapping',
        );
      }
      try {
        validateColumnMapping(file.mapping, file.sniff.headers, job.type as JobType, documentType);
      } catch (error) {
        asBadRequest(error, 'mapping');
      }
    }
  }

  return {
    enqueueFrom,

    async submit(actor: Actor, id: string) {
      const job = await lookup.editableJob(actor, id);
      await checkReady(job);
      const issuer = await deps.issuers.findById(job.issuerId);
      const wait = await guard.checkSubmit(actor, {
        id: job.issuerId,
        name: issuer?.name ?? 'The issuer',
      });
      const [confidence, scoring] = await Promise.all([rulesets.confidence(), rulesets.scoring()]);
      const next = await enqueueFrom(
        job,
        'Ingest',
        {
          submittedAt: new Date(),
          confidenceRulesetVersion: confidence.versionNumber,
          scoringRulesetVersion: job.type === 'matched-data-only' ? null : scoring.versionNumber,
        },
        wait?.waitFor,
      );
      return lookup.details(actor, next);
    },

    /**
     * StartWaitingJobs (resource guard, queue-and-wait): the waiting jobs in submission order;
     * each whose issuer has a running slot free is queued now (the next one of that issuer sees
     * the slot taken), the others show the current count. Run one at a time (its processing
     * group), so two runs never hand out the same slot. Idempotent: a started job no longer
     * waits.
     */
    async startWaitingJobs(): Promise<{ started: number; waiting: number }> {
      let started = 0;
      let waiting = 0;
      const full = new Set<string>();
      for (const job of await repo.waitingJobs()) {
        const slot = full.has(job.issuerId) ? null : await guard.runningSlot(job.issuerId);
        if (slot?.free) {
          await enqueueFrom(job, 'Ingest');
          started += 1;
          continue;
        }
        // Submission order per issuer: a later job never overtakes an earlier one.
        full.add(job.issuerId);
        waiting += 1;
        if (slot) await steps.updateStep(job.id, 'Ingest', { message: slot.message });
      }
      return { started, waiting };
    },

    /** Whether any job waits for a running slot. */
    hasWaitingJobs: async () => (await repo.waitingJobs()).length > 0,

    /** Asks for a StartWaitingJobs run now (a job left the pipeline, so a slot may be free). */
    async nudgeWaitingJobs(): Promise<void> {
      await proq.enqueue({
        commandType: PROQ_COMMAND_TYPES.startWaitingJobs,
        processingGroup: WAITING_JOBS_GROUP,
        category: 'Analysis',
      });
    },

    async retry(actor: Actor, id: string, step: WorkflowStepKind) {
      const job = await lookup.visibleJob(actor, id);
      authorize(actor, 'retry', job);
      const rows = await steps.steps(job.id);
      const row = rows.find((s) => s.step === step);
      if (!row) throw AppError.notFound(`A ${job.type} job has no ${step} step.`);
      if (row.status !== 'Error' && row.status !== 'Canceled') {
        throw AppError.conflict(
          `The ${step} step is ${row.status}; only a failed step can be retried.`,
        );
      }
      const firstFailed = rows.find((s) => s.status === 'Error' || s.status === 'Canceled')!;
      const next = await enqueueFrom(job, firstFailed.step as WorkflowStepKind);
      return lookup.details(actor, next);
    },

    /**
     * DevOps job maintenance: cancels the job's queued commands and runs its pipeline again from
     * the first step under a new run number, so a command still running finds itself superseded.
     */
    async reset(actor: Actor, id: string) {
      const job = await lookup.visibleJob(actor, id);
      authorize(actor, 'reset', job);
      await proq.cancelJob(actor, job.id);
      const next = await enqueueFrom(job, 'Ingest');
      return lookup.details(actor, next);
    },

    /**
     * The Developer area's reset of every job (SPEC §2 Dev, reset-all-jobs): each submitted job
     * as `reset` does, one after the other, so a failure leaves every job either reset or not.
     * Platform-wide: the Dev screen is for test environments, and refuses production itself.
     */
    async resetAll(actor: Actor) {
      const { submitted, draftCount } = await repo.submittedJobs();
      for (const job of submitted) {
        await proq.cancelJob(actor, job.id);
        await enqueueFrom(job, 'Ingest');
      }
      return { resetCount: submitted.length, skippedDraftCount: draftCount };
    },

    async logs(actor: Actor, id: string, afterId: number | undefined, limit: number) {
      const job = await lookup.visibleJob(actor, id);
      const rows = await proq.jobLogs(job.id, afterId ?? 0, limit);
      const lines = rows.map((r) => ({
        id: r.id,
        at: r.at.toISOString(),
        level: (['info', 'warn', 'error'].includes(r.level) ? r.level : 'info') as
          'info' | 'warn' | 'error',
        step: (r.commandType && STEP_OF_COMMAND[r.commandType]) || null,
        message: r.message,
      }));
      return {
        lines,
        lastId: lines.at(-1)?.id ?? afterId ?? 0,
        // Finished once no step can add a line: the last step's command logs its after-completion
        // work (stored use case figures) after the job turned Completed.
        finished: job.status !== 'Processing' && !(await proq.jobHasRunningCommand(job.id)),
      };
    },
  };
}
export type JobWorkflowService = ReturnType<typeof createJobWorkflowService>;
