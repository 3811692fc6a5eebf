import { type MatchOverride, PROQ_COMMAND_TYPES, type WorkflowStepKind } from '@b2b/contract';
import { z } from 'zod';
import { EngineError } from '../../engine/engine-error.js';
import { uiText } from '../../lib/ui-text.js';
import {
  type CommandContext,
  PermanentCommandError,
  defineCommandHandler,
} from '../proq/command-registry.js';
import type { Database } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import type { BuyersService } from '../issuers/buyers.service.js';
import type { IssuersService } from '../issuers/issuers.service.js';
import type { JobEngine, WriteResults } from './job-engine.js';
import { createJobFilesRepo } from './job-files.repo.js';
import { createJobResultsRepo } from './job-results.repo.js';
import { createJobStepsRepo } from './job-steps.repo.js';
import {
  type JobWorkflowService,
  STEP_COMMANDS,
  WAITING_JOBS_GROUP,
  stepsFor,
} from './job-workflow.service.js';
import { publishedOnCompletion } from './demo-jobs.js';
import { type JobRow, createJobsRepo } from './jobs.repo.js';
import type { RulesetsService } from '../rulesets/rulesets.service.js';

const PayloadSchema = z.object({ jobId: z.uuid(), runNumber: z.number().int() });
type Payload = z.infer<typeof PayloadSchema>;

/** A failing step is tried twice (a crash or a busy disk), an input problem only once. */
const ATTEMPTS = 2;
const fmt = (n: number) => n.toLocaleString('en-GB');

export type PipelineOptions = {
  referenceDemoMerchants: number;
  /** Runs at the end of the Aggregate step (the insights module's charts); says what it did. */
  afterAggregate?: (job: JobRow) => Promise<string>;
  /**
   * Runs once the job is Completed (its results version is final: run number and completion
   * time), in the same ProQ step; says what it did. A failure is logged, not the step's: the
   * results stand, and what it prepares is computed on first read instead.
   */
  afterCompleted?: (jobId: string) => Promise<string>;
};

/**
 * The pipeline's ProQ handlers: Ingest → Match → Score → Aggregate, each reflected in the job's
 * workflow steps. A command of an older run (the job was retried or re-scored since) does
 * nothing. Effects are keyed by the job (files overwritten, results replaced), so running a
 * step twice gives the same outcome.
 */
export function jobCommandHandlers(
  db: Database,
  deps: PipelineOptions & {
    engine: JobEngine;
    rulesets: RulesetsService;
    issuers: Pick<IssuersService, 'findById'>;
    buyers: Pick<BuyersService, 'findById'>;
    workflow: Pick<JobWorkflowService, 'nudgeWaitingJobs' | 'hasWaitingJobs'>;
  },
) {
  const { engine, rulesets, issuers, buyers } = deps;
  const options = deps;
  const repo = createJobsRepo(db);
  const files = createJobFilesRepo(db);
  const results = createJobResultsRepo(db);

  /** A job left the pipeline: a job waiting for its running slot may start now. */
  async function leftPipeline() {
    if (await deps.workflow.hasWaitingJobs()) await deps.workflow.nudgeWaitingJobs();
  }

  /**
   * Runs `write` only while the job is still on `runNumber`, in one transaction with the job's
   * row locked, and gives the job as locked (undefined for an older run). Checking the run and
   * then writing apart let a step of an older run, whose check passed just before a person's
   * decision started a new run, mark the new run's steps (and the job) Completed while the new
   * run had only begun.
   */
  function whileCurrent(
    jobId: string,
    runNumber: number,
    write: (tx: {
      jobs: ReturnType<typeof createJobsRepo>;
      steps: ReturnType<typeof createJobStepsRepo>;
    }) => Promise<void>,
  ): Promise<JobRow | undefined> {
    return inTransaction(db, async (tx) => {
      const jobs = createJobsRepo(tx);
      const job = await jobs.lockById(jobId);
      if (!job || job.runNumber !== runNumber) return undefined;
      await write({ jobs, steps: createJobStepsRepo(tx) });
      return job;
    });
  }

  async function runStep(
    step: WorkflowStepKind,
    context: CommandContext<Payload>,
    work: (job: JobRow) => Promise<string>,
  ) {
    const { payload, command, attempt } = context;
    const job = await whileCurrent(payload.jobId, payload.runNumber, (tx) =>
      tx.steps.updateStep(payload.jobId, step, {
        status: 'InProgress',
        progress: 0,
        message: null,
        commandId: command.id,
        startedAt: new Date(),
        completedAt: null,
      }),
    );
    if (!job) {
      return { message: uiText('Superseded by a newer run of the job; nothing to do.') };
    }
    await context.log(uiText(`${step}: started`));
    const startedAt = performance.now();
    const all = stepsFor(job.type);
    try {
      const message = await work(job);
      const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
      await context.log(uiText(`${step}: ${message} (${seconds} s)`));
      const next = all[all.indexOf(step) + 1];
      const completed = await whileCurrent(job.id, payload.runNumber, async (tx) => {
        await tx.steps.updateStep(job.id, step, {
          status: 'Completed',
          progress: 100,
          message,
          completedAt: new Date(),
        });
        if (next) await tx.steps.updateStep(job.id, next, { status: 'Pending' });
        else
          await tx.jobs.updateJob(job.id, {
            status: 'Completed',
            completedAt: new Date(),
            ...(publishedOnCompletion(job) ? { isPublished: true } : {}),
          });
      });
      if (completed && !next) {
        await leftPipeline();
        if (options.afterCompleted) {
          try {
            const text = await options.afterCompleted(job.id);
            await context.log(uiText(`${step}: after completion: ${text}`));
          } catch (error) {
            const text = error instanceof Error ? error.message : String(error);
            await context.log(uiText(`${step}: after completion: ${text}`), 'warn');
          }
        }
      }
      return { message };
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      const final =
        error instanceof EngineError ||
        error instanceof PermanentCommandError ||
        attempt >= command.maxAttempts;
      await context.log(uiText(`${step}: failed: ${text}`), 'error');
      const recorded = await whileCurrent(job.id, payload.runNumber, async (tx) => {
        if (!final) {
          await tx.steps.updateStep(job.id, step, {
            status: 'Pending',
            message: uiText(`Attempt ${attempt} failed (${text}); trying again.`),
          });
          return;
        }
        await tx.steps.updateStep(job.id, step, { status: 'Error', message: text });
        for (const later of all.slice(all.indexOf(step) + 1)) {
          await tx.steps.updateStep(job.id, later, {
            status: 'Canceled',
            message: uiText(`${step} failed`),
          });
        }
        await tx.jobs.updateJob(job.id, { status: 'Error' });
      });
      if (recorded && final) await leftPipeline();
      if (error instanceof EngineError) throw new PermanentCommandError(text);
      throw error;
    }
  }

  const handler = (
    step: WorkflowStepKind,
    work: (job: JobRow, c: CommandContext<Payload>) => Promise<string>,
  ) =>
    defineCommandHandler<Payload>({
      commandType: STEP_COMMANDS[step],
      payloadSchema: PayloadSchema,
      maxAttempts: ATTEMPTS,
      stuckTimeOutInSeconds: 3600,
      run: (context) => runStep(step, context, (job) => work(job, context)),
    });

  /** Replaces the job's supplier results with the rows the engine produces. */
  const writeResults =
    (jobId: string): WriteResults =>
    (file) =>
      results.replaceResults(jobId, file);

  return [
    handler('Ingest', async (job, context) => {
      const { summaries, supplierCount } = await engine.ingestJob(job, await files.files(job.id));
      for (const s of summaries) {
        await files.updateFile(s.file.id, { validation: s.summary });
        await context.log(
          uiText(
            `${s.file.fileName}: ${fmt(s.summary.rowCount)} rows, ${fmt(s.summary.acceptedCount)} accepted, ${fmt(s.summary.rejectedCount)} rejected`,
          ),
          s.summary.rejectedCount > 0 ? 'warn' : 'info',
        );
        // With the count, the line has words of its own: a key of the catalogue (a bare
        // "file: message" would match any text), so the web says the warning in the language.
        for (const w of s.summary.warnings)
          await context.log(
            uiText(`${s.file.fileName}: ${w.message} (${fmt(w.count)} rows)`),
            'warn',
          );
        const merged = s.summary.suppliers;
        if (merged?.mergedSupplierCount) {
          const file = s.file.fileName;
          const rows = fmt(merged.rowCount);
          const suppliers = fmt(merged.supplierCount);
          const mergedCount = fmt(merged.mergedSupplierCount);
          // Whole sentences per kind, so another language words each (the wire text is the same).
          await context.log(
            merged.kind === 'rows'
              ? uiText(
                  `${file}: ${rows} rows became ${suppliers} suppliers; ${mergedCount} merge rows that are the same after normalisation`,
                )
              : uiText(
                  `${file}: ${rows} documents became ${suppliers} suppliers; ${mergedCount} join name spellings that are the same after normalisation`,
                ),
          );
        }
      }
      if (supplierCount === 0) {
        throw new PermanentCommandError(
          uiText(
            'No rows were accepted from the uploaded files; check the column mapping and the rejected rows.',
          ),
        );
      }
      await repo.updateJob(job.id, { supplierCount });
      return uiText(
        `${fmt(supplierCount)} suppliers from ${fmt(summaries.reduce((n, s) => n + s.summary.acceptedCount, 0))} rows`,
      );
    }),

    handler('Match', async (job, context) => {
      const reference = await engine.ensureReferenceData(options.referenceDemoMerchants);
      if (reference.generated)
        await context.log(uiText(`Generated reference data ${reference.versionId}`));
      const versionId = job.referenceVersionId ?? reference.versionId;
      if (!job.referenceVersionId) await repo.updateJob(job.id, { referenceVersionId: versionId });
      const ruleset = await rulesets.confidenceRuleset(job.confidenceRulesetVersion ?? undefined);
      const overrides: MatchOverride[] = (await results.overrides(job.id)).map((o) =>
        o.decision === 'rejected' || !o.merchantId
          ? { supplierKey: o.supplierKey, decision: 'rejected' }
          : { supplierKey: o.supplierKey, decision: 'merchant', merchantId: o.merchantId },
      );
      const issuer = await issuers.findById(job.issuerId);
      const onlyMatch = job.type === 'matched-data-only';
      const { result, summary } = await engine.matchJob(
        { ...job, referenceVersionId: versionId },
        {
          ruleset,
          overrides,
          fallbackCountryIso3: issuer?.fallbackCountryIso3,
          ...(onlyMatch ? { writeResults: writeResults(job.id) } : {}),
        },
      );
      await repo.updateJob(job.id, {
        confidenceRulesetVersion: result.rulesetVersion,
        ...(summary ? { summary, supplierCount: summary.suppliers } : {}),
      });
      const fit = result.model;
      // Each part a text of its own, so the web says the parts in the language too.
      const m = fit?.mEstimated
        ? uiText(
            `estimated on ${fmt(fit.candidatePairs)} candidate pairs (${fmt(fit.labelledPairs)} decided by people)`,
          )
        : uiText('as shipped (too few pairs to estimate)');
      const u = fit?.uEstimated
        ? uiText(`from ${fmt(fit.randomPairs)} random pairs`)
        : uiText('as shipped');
      const matched = uiText(
        `${fmt(result.matchedCount)} of ${fmt(result.supplierCount)} suppliers matched (High ${fmt(result.byLevel.High)}, Medium ${fmt(result.byLevel.Medium)}, Low ${fmt(result.byLevel.Low)}); ${fmt(result.overridesApplied)} decisions applied; reference ${result.referenceVersionId}`,
      );
      return fit ? uiText(`${matched}; match model: m ${m}, u ${u}`) : matched;
    }),

    handler('Score', async (job) => {
      const ruleset = await rulesets.scoringRuleset(job.scoringRulesetVersion ?? undefined);
      const buyer = await buyers.findById(job.buyerId);
      const issuer = await issuers.findById(job.issuerId);
      const result = await engine.scoreJob(job, {
        ruleset,
        buyerCountryIso3: buyer?.countryIso3 ?? (issuer?.fallbackCountryIso3 || undefined),
        writeResults: writeResults(job.id),
      });
      await repo.updateJob(job.id, { scoringRulesetVersion: result.rulesetVersion });
      const optima = result.levels.Optima;
      const seconds = (ms: number) => (ms / 1000).toFixed(1);
      return uiText(
        `${fmt(result.supplierCount)} suppliers scored with scoring ruleset v${result.rulesetVersion} (Optima High ${fmt(optima.High)}, Medium ${fmt(optima.Medium)}, Low ${fmt(optima.Low)}); scoring ${seconds(result.scoredMs)} s, results stored in PostgreSQL ${seconds(result.storedMs)} s`,
      );
    }),

    handler('Aggregate', async (job) => {
      const summary = await engine.aggregateJob(job);
      await repo.updateJob(job.id, { summary, supplierCount: summary.suppliers });
      const aggregated = uiText(
        `${fmt(summary.suppliers)} suppliers, spend ${fmt(Math.round(summary.spend))} ${job.currency}, ${fmt(summary.matched)} matched`,
      );
      if (!options.afterAggregate) return aggregated;
      // Joined with "; ": the web says each part (lib/i18n/server-messages.ts).
      return `${aggregated}; ${await options.afterAggregate(job)}`;
    }),
  ];
}

/**
 * StartWaitingJobs (resource guard, queue-and-wait): jobs held back by the running-jobs limit,
 * started in submission order as slots free up; nudged when a job leaves the pipeline, and
 * every minute.
 */
export function waitingJobsHandler(
  workflow: Pick<JobWorkflowService, 'startWaitingJobs' | 'nudgeWaitingJobs' | 'hasWaitingJobs'>,
) {
  return defineCommandHandler({
    commandType: PROQ_COMMAND_TYPES.startWaitingJobs,
    maxAttempts: 3,
    async run({ command }) {
      // The every-minute schedule has no processing group: when jobs wait it asks for a grouped
      // run, so runs that hand out slots never overlap.
      if (command.processingGroup !== WAITING_JOBS_GROUP) {
        if (!(await workflow.hasWaitingJobs())) return { message: uiText('No job is waiting') };
        await workflow.nudgeWaitingJobs();
        return { message: uiText('Asked for a run in the waiting-jobs group') };
      }
      const { started, waiting } = await workflow.startWaitingJobs();
      return {
        message: uiText(`Started ${started} waiting job(s); ${waiting} still waiting`),
        result: { started, waiting },
      };
    },
  });
}
