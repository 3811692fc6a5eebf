import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  JOB_FILE_ROLES,
  WORKFLOW_STEPS,
  type AnyPermission,
  type ColumnMapping,
  type DocumentType,
  type IngestOptions,
  type JobDetails,
  type JobFileRole,
  type JobType,
  type MatchDecision,
  type PagedListRequest,
  type SupplierResultDetail,
  type UploadLimits,
  type WorkflowStepKind,
} from '@b2b/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { JobsConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { pagedResponse } from '../../db/paged-query.js';
import { type Actor, actorCan } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import { withEngineDb } from '../../engine/duckdb.js';
import { EngineError } from '../../engine/engine-error.js';
import {
  missingRequiredFields,
  suggestColumnMapping,
  validateColumnMapping,
} from '../../engine/ingestion/column-mapping.js';
import { previewRows } from '../../engine/ingestion/preview.js';
import { sniffFile } from '../../engine/ingestion/sniff-file.js';
import { explainScores } from '../../engine/scoring/explain-scores.js';
import { csvCell } from '../../lib/csv.js';
import type { FileStorage } from '../../storage/file-storage.js';
import type { ProqService } from '../proq/proq.service.js';
import { type JobEngine, createJobEngine, jobKeys } from './job-engine.js';
import {
  presentDetails,
  presentFile,
  presentListItem,
  presentSupplier,
  presentSupplierDetail,
} from './jobs.presenter.js';
import { referenceHasMerchant } from '../../engine/reference-data/merchant-lookup.js';
import { type JobRow, type Viewer, createJobsRepo } from './jobs.repo.js';
import type { RulesetsService } from './rulesets.service.js';

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

/** The upload tab permission each job type needs (its accessor role). */
const TYPE_PERMISSION: Record<JobType, AnyPermission> = {
  base: 'JobTab_SummaryUpload_VIEW',
  'matched-data-only': 'JobTab_MatchedDataOnlyUpload_VIEW',
  advanced: 'JobTab_ConsultantUpload_VIEW',
};

export type IncomingJobFile = {
  filename: string;
  stream: NodeJS.ReadableStream & { truncated?: boolean };
};

export function viewerOf(actor: Actor): Viewer {
  return {
    userId: actor.userId,
    issuerIds: actor.issuerIds,
    seesAllIssuers: actorCan(actor, 'AllBuyers_VIEW'),
  };
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(bytes % 1024 ** 3 ? 1 : 0)} GiB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(bytes % 1024 ** 2 ? 1 : 0)} MiB`;
  return `${bytes} bytes`;
}

export function createJobsService(
  db: Database,
  deps: {
    proq: ProqService;
    rulesets: RulesetsService;
    config: JobsConfig;
    dataDir: string;
    storage: () => FileStorage;
    log: FastifyBaseLogger;
  },
) {
  const repo = createJobsRepo(db);
  const { proq, rulesets, config } = deps;
  const engine: JobEngine = createJobEngine(deps.storage, {
    dataDir: deps.dataDir,
    memoryLimit: config.engineMemoryLimit,
    threads: config.engineThreads,
  });
  const limits: UploadLimits = {
    maxUploadBytes: config.uploadMaxBytes,
    maxXlsxUncompressedBytes: config.xlsxMaxUnpackedBytes,
    maxXlsxSheets: config.xlsxMaxSheets,
  };

  /** A job the actor may see, or 404 (never 403: its existence is not revealed). */
  async function visibleJob(actor: Actor, id: string): Promise<JobRow> {
    const job = await repo.findVisible(viewerOf(actor), id);
    if (!job) throw AppError.notFound('No such job.');
    return job;
  }

  const isOwnerOrEditor = (actor: Actor, job: JobRow) =>
    job.ownerId === actor.userId || actorCan(actor, 'JobEdit');

  function abilities(actor: Actor, job: JobRow): JobDetails['can'] {
    const mine = isOwnerOrEditor(actor, job) && actorCan(actor, 'JobCreate');
    const completed = job.status === 'Completed';
    return {
      editWizard: mine && job.status === 'Draft',
      retry: mine && job.status === 'Error',
      publish: actorCan(actor, 'AnalysisPublish') && (completed || job.isPublished),
      overrideMatches: actorCan(actor, 'JobEdit') && completed,
      rescore: actorCan(actor, 'JobEdit') && completed && job.type !== 'matched-data-only',
      delete: actorCan(actor, 'JobDelete') && job.status !== 'Processing',
    };
  }

  async function details(actor: Actor, job: JobRow): Promise<JobDetails> {
    const [list, steps, files] = await Promise.all([
      repo.listRow(job.id),
      repo.steps(job.id),
      repo.files(job.id),
    ]);
    // The list row was read after `job`: a step may have finished in between, so the abilities
    // follow the status the answer shows.
    const current = { ...job, status: list!.status, isPublished: list!.isPublished };
    return presentDetails(current, list!, steps, files, abilities(actor, current));
  }

  /** The wizard may change the job: it is Draft and the actor owns it (or holds JobEdit). */
  async function editableJob(actor: Actor, id: string): Promise<JobRow> {
    const job = await visibleJob(actor, id);
    if (!isOwnerOrEditor(actor, job)) throw AppError.forbidden();
    if (job.status !== 'Draft') {
      throw AppError.conflict(
        `The job has been submitted (status ${job.status}); its files and mappings can no longer change.`,
      );
    }
    return job;
  }

  async function jobFile(job: JobRow, fileId: string) {
    const file = await repo.file(job.id, fileId);
    if (!file) throw AppError.notFound('No such file in this job.');
    return file;
  }

  /** Engine input problems are the uploader's to fix: a 400 with the engine's message. */
  function asBadRequest(error: unknown, field?: string): never {
    if (error instanceof EngineError) throw AppError.badRequest(error.message, field);
    throw error;
  }

  async function scratchDir(jobId: string) {
    const dir = path.join(deps.dataDir, 'tmp', 'jobs', `${jobId}-${randomUUID()}`);
    await fs.promises.mkdir(dir, { recursive: true });
    return dir;
  }

  /**
   * Queues the pipeline from `from` on: a new run number (older runs' commands become no-ops),
   * steps before `from` unchanged, `from` Pending, later ones Blocked, each command waiting for
   * the previous one.
   */
  async function enqueueFrom(
    job: JobRow,
    from: WorkflowStepKind,
    values: Partial<JobRow> = {},
  ): Promise<JobRow> {
    const steps = stepsFor(job.type);
    const start = steps.indexOf(from);
    const next = await repo.nextRun(job.id, {
      ...values,
      status: 'Processing',
      completedAt: null,
    });
    const commands = steps.slice(start).map((step) => ({
      id: randomUUID(),
      step,
    }));
    await repo.upsertSteps(
      commands.map((c, i) => ({
        jobId: job.id,
        step: c.step,
        position: steps.indexOf(c.step),
        status: i === 0 ? 'Pending' : 'Blocked',
        progress: 0,
        message: null,
        commandId: c.id,
        startedAt: null,
        completedAt: null,
      })),
    );
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

  return {
    repo,
    engine,
    storage: deps.storage,
    enqueueFrom,

    /* ------------------------------- list and detail ------------------------------- */

    async list(actor: Actor, request: PagedListRequest) {
      const { rows, total } = await repo.list(viewerOf(actor), request);
      return pagedResponse(rows.map(presentListItem), total, request);
    },

    async get(actor: Actor, id: string) {
      return details(actor, await visibleJob(actor, id));
    },

    async ownerFilterItems(actor: Actor) {
      const owners = await repo.ownersOfVisibleJobs(viewerOf(actor));
      return owners.map((o) => ({ id: o.id, ownerName: o.username, displayName: o.displayName }));
    },

    /* ------------------------------- wizard ------------------------------- */

    async wizardIssuers(actor: Actor) {
      const rows = await repo.issuersWithBuyers(
        actorCan(actor, 'AllBuyers_VIEW') ? 'all' : actor.issuerIds,
      );
      return rows.map(({ issuer, buyers }) => ({
        id: issuer.id,
        name: issuer.name,
        currency: issuer.currency,
        fallbackCountryIso3: issuer.fallbackCountryIso3,
        buyers: buyers.map((b) => ({ id: b.id, name: b.name, countryIso3: b.countryIso3 })),
      }));
    },

    async createBuyer(
      actor: Actor,
      input: { issuerId: string; name: string; countryIso3?: string | undefined },
    ) {
      const mayUse = actorCan(actor, 'AllBuyers_VIEW') || actor.issuerIds.includes(input.issuerId);
      const issuer = mayUse ? await repo.issuer(input.issuerId) : undefined;
      if (!issuer) throw AppError.notFound('No such issuer.');
      const buyer = await repo.insertBuyer({
        issuerId: issuer.id,
        name: input.name,
        countryIso3: input.countryIso3 ?? (issuer.fallbackCountryIso3 || null),
      });
      return {
        id: buyer.id,
        issuerId: buyer.issuerId,
        name: buyer.name,
        countryIso3: buyer.countryIso3,
      };
    },

    async create(
      actor: Actor,
      input: {
        type: JobType;
        issuerId: string;
        buyerId: string;
        name: string;
        currency: string;
      },
      extra: { analysisDate?: string; demoKey?: string } = {},
    ) {
      if (!actorCan(actor, TYPE_PERMISSION[input.type])) {
        throw AppError.forbidden();
      }
      const mayUse = actorCan(actor, 'AllBuyers_VIEW') || actor.issuerIds.includes(input.issuerId);
      const issuer = mayUse ? await repo.issuer(input.issuerId) : undefined;
      if (!issuer) throw AppError.notFound('No such issuer.');
      const buyer = await repo.buyer(input.buyerId);
      if (!buyer || buyer.issuerId !== issuer.id) {
        throw AppError.badRequest('query.buyerId must be a buyer of the chosen issuer', 'buyerId');
      }
      const job = await repo.insertJob({
        type: input.type,
        issuerId: issuer.id,
        buyerId: buyer.id,
        ownerId: actor.userId,
        name: input.name,
        currency: input.currency,
        analysisDate: extra.analysisDate ?? new Date().toISOString().slice(0, 10),
        demoKey: extra.demoKey ?? null,
      });
      await repo.assign(job.id, actor.userId, 'Owner', actor.userId);
      await repo.upsertSteps(
        stepsFor(job.type).map((step, position) => ({
          jobId: job.id,
          step,
          position,
          status: 'Blocked',
        })),
      );
      return details(actor, job);
    },

    async updateWizard(
      actor: Actor,
      id: string,
      input: {
        name?: string | undefined;
        currency?: string | undefined;
        buyerId?: string | undefined;
      },
    ) {
      const job = await editableJob(actor, id);
      if (input.buyerId) {
        const buyer = await repo.buyer(input.buyerId);
        if (!buyer || buyer.issuerId !== job.issuerId) {
          throw AppError.badRequest('body.buyerId must be a buyer of the job’s issuer', 'buyerId');
        }
      }
      const updated = await repo.updateJob(job.id, {
        ...(input.name ? { name: input.name } : {}),
        ...(input.currency ? { currency: input.currency } : {}),
        ...(input.buyerId ? { buyerId: input.buyerId } : {}),
      });
      return details(actor, updated);
    },

    async uploadFile(
      actor: Actor,
      id: string,
      role: JobFileRole,
      sheetName: string | undefined,
      incoming: IncomingJobFile,
    ) {
      const job = await editableJob(actor, id);
      const allowed: readonly string[] = JOB_FILE_ROLES[job.type as JobType];
      if (!allowed.includes(role)) {
        throw AppError.badRequest(
          `query.role must be ${allowed.join(', ')} for a ${job.type} job`,
          'role',
        );
      }
      const fileId = randomUUID();
      const key = jobKeys.upload(job.id, fileId, incoming.filename);
      const stored = await deps.storage().put(key, incoming.stream);
      if (incoming.stream.truncated || stored.size > limits.maxUploadBytes) {
        await deps.storage().delete(key);
        throw AppError.badRequest(
          `The file "${incoming.filename}" is larger than the upload limit of ${formatBytes(limits.maxUploadBytes)}.`,
          'file',
        );
      }
      const documentType = role === 'Suppliers' ? undefined : (role as DocumentType);
      const workDir = await scratchDir(job.id);
      try {
        const local = await deps.storage().localPath(key);
        const sniff = await sniffFile(local.path, {
          declaredName: incoming.filename,
          workDir,
          limits,
          ...(sheetName ? { sheetName } : {}),
        }).finally(() => local.release());
        const suggestion = suggestColumnMapping(sniff.headers, job.type as JobType, documentType);
        const { file, replaced } = await repo.replaceFile({
          id: fileId,
          jobId: job.id,
          role,
          fileName: incoming.filename,
          storageKey: key,
          sizeBytes: stored.size,
          sniff,
          suggestion,
          mapping: suggestion.mapping,
          options: {},
        });
        for (const old of replaced) {
          await deps.storage().delete(old.storageKey);
          await deps.storage().delete(jobKeys.rejects(job.id, old.id));
        }
        await repo.updateJob(job.id, {});
        return presentFile(file);
      } catch (error) {
        await deps.storage().delete(key);
        return asBadRequest(error, 'file');
      } finally {
        await fs.promises.rm(workDir, { recursive: true, force: true });
      }
    },

    async deleteFile(actor: Actor, id: string, fileId: string) {
      const job = await editableJob(actor, id);
      const file = await jobFile(job, fileId);
      await repo.deleteFile(file.id);
      await deps.storage().delete(file.storageKey);
      await deps.storage().delete(jobKeys.rejects(job.id, file.id));
      return { deleted: true as const };
    },

    async saveMapping(
      actor: Actor,
      id: string,
      fileId: string,
      input: { mapping: ColumnMapping; options?: IngestOptions | undefined },
    ) {
      const job = await editableJob(actor, id);
      const file = await jobFile(job, fileId);
      const documentType = file.role === 'Suppliers' ? undefined : (file.role as DocumentType);
      try {
        validateColumnMapping(input.mapping, file.sniff.headers, job.type as JobType, documentType);
      } catch (error) {
        asBadRequest(error, 'mapping');
      }
      const updated = await repo.updateFile(file.id, {
        mapping: input.mapping,
        options: input.options ?? file.options,
        validation: null,
      });
      return presentFile(updated);
    },

    async preview(actor: Actor, id: string, fileId: string, rows: number) {
      const job = await visibleJob(actor, id);
      const file = await jobFile(job, fileId);
      const workDir = await scratchDir(job.id);
      const local = await deps.storage().localPath(file.storageKey);
      try {
        const previewed = await withEngineDb(
          {
            threads: config.engineThreads,
            memoryLimit: config.engineMemoryLimit,
            tempDirectory: path.join(workDir, 'duckdb'),
          },
          (engineDb) =>
            previewRows({
              db: engineDb,
              file: local.path,
              sniff: file.sniff,
              jobType: job.type as JobType,
              ...(file.role === 'Suppliers' ? {} : { documentType: file.role as DocumentType }),
              mapping: file.mapping,
              currency: job.currency,
              options: file.options,
              workDir,
              n: rows,
            }),
        );
        return { headers: file.sniff.headers, rows: previewed };
      } catch (error) {
        return asBadRequest(error, 'mapping');
      } finally {
        await local.release();
        await fs.promises.rm(workDir, { recursive: true, force: true });
      }
    },

    async validate(actor: Actor, id: string, fileId: string) {
      const job = await editableJob(actor, id);
      const file = await jobFile(job, fileId);
      try {
        const summary = await engine.validateFile(job, file);
        await repo.updateFile(file.id, { validation: summary });
        return summary;
      } catch (error) {
        return asBadRequest(error, 'mapping');
      }
    },

    /** Every rejected row as CSV, cells made safe from spreadsheet formula injection. */
    async rejectsCsv(actor: Actor, id: string, fileId: string): Promise<Buffer> {
      const job = await visibleJob(actor, id);
      const file = await jobFile(job, fileId);
      const chunks: string[] = [];
      const found = await engine.forEachRejectedRow(job.id, file.id, async (rows, columns) => {
        if (rows.length === 0) {
          chunks.push(`${columns.map(csvCell).join(',')}\r\n`);
          return;
        }
        for (const row of rows) chunks.push(`${columns.map((c) => csvCell(row[c])).join(',')}\r\n`);
      });
      if (!found) throw AppError.notFound('This file has not been validated yet.');
      return Buffer.from(chunks.join(''), 'utf8');
    },

    async submit(actor: Actor, id: string) {
      const job = await editableJob(actor, id);
      const files = await repo.files(job.id);
      const roles: readonly string[] = JOB_FILE_ROLES[job.type as JobType];
      const used = files.filter((f) => roles.includes(f.role));
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
          validateColumnMapping(
            file.mapping,
            file.sniff.headers,
            job.type as JobType,
            documentType,
          );
        } catch (error) {
          asBadRequest(error, 'mapping');
        }
      }
      const [confidence, scoring] = await Promise.all([rulesets.confidence(), rulesets.scoring()]);
      const next = await enqueueFrom(job, 'Ingest', {
        submittedAt: new Date(),
        confidenceRulesetVersion: confidence.versionNumber,
        scoringRulesetVersion: job.type === 'matched-data-only' ? null : scoring.versionNumber,
      });
      return details(actor, next);
    },

    async retry(actor: Actor, id: string, step: WorkflowStepKind) {
      const job = await visibleJob(actor, id);
      if (!isOwnerOrEditor(actor, job)) throw AppError.forbidden();
      const steps = await repo.steps(job.id);
      const row = steps.find((s) => s.step === step);
      if (!row) throw AppError.notFound(`A ${job.type} job has no ${step} step.`);
      if (row.status !== 'Error' && row.status !== 'Canceled') {
        throw AppError.conflict(
          `The ${step} step is ${row.status}; only a failed step can be retried.`,
        );
      }
      const firstFailed = steps.find((s) => s.status === 'Error' || s.status === 'Canceled')!;
      const next = await enqueueFrom(job, firstFailed.step as WorkflowStepKind);
      return details(actor, next);
    },

    /**
     * DevOps job maintenance: cancels the job's queued commands and runs its pipeline again from
     * the first step under a new run number, so a command still running finds itself superseded.
     */
    async reset(actor: Actor, id: string) {
      const job = await visibleJob(actor, id);
      if (job.status === 'Draft') {
        throw AppError.conflict('The job has not been submitted yet; there is nothing to reset.');
      }
      await proq.cancelJob(actor, job.id);
      const next = await enqueueFrom(job, 'Ingest');
      return details(actor, next);
    },

    async publish(actor: Actor, id: string, isPublished: boolean) {
      const job = await visibleJob(actor, id);
      if (isPublished && job.status !== 'Completed') {
        throw AppError.conflict('Only a Completed job can be published.');
      }
      return details(actor, await repo.updateJob(job.id, { isPublished }));
    },

    async delete(actor: Actor, id: string) {
      const job = await visibleJob(actor, id);
      if (job.status === 'Processing') {
        throw AppError.conflict('The job is processing; delete it once its steps have finished.');
      }
      await repo.deleteJob(job.id);
      await engine.deleteJobFiles(job.id);
      return { deleted: true as const };
    },

    /* ------------------------------- logs ------------------------------- */

    async logs(actor: Actor, id: string, afterId: number | undefined, limit: number) {
      const job = await visibleJob(actor, id);
      const rows = await repo.logs(job.id, afterId ?? 0, limit);
      const stepOf = Object.fromEntries(
        Object.entries(STEP_COMMANDS).map(([step, type]) => [type, step as WorkflowStepKind]),
      );
      const lines = rows.map((r) => ({
        id: r.id,
        at: r.at.toISOString(),
        level: (['info', 'warn', 'error'].includes(r.level) ? r.level : 'info') as
          'info' | 'warn' | 'error',
        step: (r.commandType && stepOf[r.commandType]) || null,
        message: r.message,
      }));
      return {
        lines,
        lastId: lines.at(-1)?.id ?? afterId ?? 0,
        finished: job.status !== 'Processing',
      };
    },

    /* ------------------------------- results ------------------------------- */

    async suppliers(actor: Actor, id: string, request: PagedListRequest) {
      const job = await visibleJob(actor, id);
      const { rows, total } = await repo.listSuppliers(job.id, request);
      const overrides = new Map((await repo.overrides(job.id)).map((o) => [o.supplierKey, o]));
      return pagedResponse(
        rows.map((r) => presentSupplier(r, overrides.get(r.supplierKey))),
        total,
        request,
      );
    },

    async supplier(actor: Actor, id: string, supplierKey: string) {
      const job = await visibleJob(actor, id);
      const row = await repo.supplier(job.id, supplierKey);
      if (!row) throw AppError.notFound('No such supplier in this job.');
      const { evidence, features } = await engine.supplierExplanation(job.id, supplierKey);
      // What drove each score, with the same arithmetic as the scoring SQL (engine explainScores).
      const scoreDrivers =
        features && job.scoringRulesetVersion
          ? explainScores(features, await rulesets.scoringRuleset(job.scoringRulesetVersion))
          : null;
      return presentSupplierDetail(row, await repo.override(job.id, supplierKey), {
        evidence: evidence as SupplierResultDetail['evidence'],
        scoreDrivers,
      });
    },

    /**
     * Records a person's decision and applies it to the supplier's row at once; the job then runs
     * Match, Score and Aggregate again with every decision, so totals and scores follow.
     */
    async decideMatch(actor: Actor, id: string, supplierKey: string, decision: MatchDecision) {
      const job = await visibleJob(actor, id);
      if (job.status !== 'Completed') {
        throw AppError.conflict('Matches can be changed once the job has completed.');
      }
      const row = await repo.supplier(job.id, supplierKey);
      if (!row) throw AppError.notFound('No such supplier in this job.');
      let merchantId: string | null = null;
      if (decision.decision === 'confirmed') {
        if (row.matchStatus !== 'MATCHED' || !row.merchantId) {
          throw AppError.badRequest(
            'This supplier has no match to confirm; choose a merchant instead.',
            'decision',
          );
        }
        merchantId = row.merchantId;
      } else if (decision.decision === 'merchant') {
        merchantId = decision.merchantId;
        // The merchant must be in the reference data this job matched against: an unknown id
        // would be stored and applied by the next Match run as a match to nothing.
        const versionId = job.referenceVersionId;
        if (
          !versionId ||
          !(await referenceHasMerchant(engine.referenceRoot, versionId, merchantId))
        ) {
          throw AppError.badRequest(
            `Merchant ${merchantId} is not in the reference data this job was matched against (${versionId ?? 'none recorded'}).`,
            'body.merchantId',
          );
        }
      }
      await repo.saveOverride({
        jobId: job.id,
        supplierKey,
        decision: decision.decision,
        merchantId,
        userId: actor.userId,
        username: actor.username,
      });
      await repo.updateSupplier(
        job.id,
        supplierKey,
        decision.decision === 'rejected'
          ? {
              matchStatus: 'UNMATCHED',
              confidence: 'None',
              matchSource: 'rejected',
              ruleId: 'manual-rejection',
              merchantId: null,
              merchantName: null,
              merchantDbaName: null,
              cardAccepting: 'UNMATCHED',
              vcAccepting: 'UNMATCHED',
              detailLevel: 'none',
              stpCapable: 'FALSE',
              cardCapability: 'Unmatched',
            }
          : { matchSource: 'override', ruleId: 'manual-override', merchantId },
      );
      await enqueueFrom(job, 'Match');
      return this.supplier(actor, id, supplierKey);
    },

    async clearMatchDecision(actor: Actor, id: string, supplierKey: string) {
      const job = await visibleJob(actor, id);
      if (job.status !== 'Completed') {
        throw AppError.conflict('Matches can be changed once the job has completed.');
      }
      if (!(await repo.override(job.id, supplierKey))) {
        throw AppError.notFound('This supplier has no match decision.');
      }
      await repo.deleteOverride(job.id, supplierKey);
      await enqueueFrom(job, 'Match');
      return this.supplier(actor, id, supplierKey);
    },

    async rescore(actor: Actor, id: string, versionNumber: number | undefined) {
      const job = await visibleJob(actor, id);
      if (job.type === 'matched-data-only') {
        throw AppError.badRequest('A Matched Data Only job is not scored.', 'id');
      }
      if (job.status !== 'Completed') {
        throw AppError.conflict('Only a Completed job can be scored again.');
      }
      const scoring = await rulesets.scoring(versionNumber);
      const next = await enqueueFrom(job, 'Score', {
        scoringRulesetVersion: scoring.versionNumber,
      });
      return details(actor, next);
    },

    /* ------------------------------- job artifacts (SPEC.md section 7) ------------------------------- */

    async admin(actor: Actor, id: string) {
      const job = await visibleJob(actor, id);
      const [issuer, owner, assignments, members] = await Promise.all([
        repo.issuer(job.issuerId),
        repo.user(job.ownerId),
        repo.assignments(job.id),
        repo.issuerMembers(job.issuerId),
      ]);
      const authorized: { username: string; connection: string }[] = [
        { username: owner!.username, connection: 'Owner' },
      ];
      const seen = new Set(authorized.map((a) => `${a.username}/${a.connection}`));
      const add = (username: string, connection: string) => {
        const key = `${username}/${connection}`;
        if (!seen.has(key)) authorized.push({ username, connection });
        seen.add(key);
      };
      for (const m of members) if (m.userRole === 'Manager') add(m.username, 'IssuerManager');
      for (const a of assignments) if (a.connection !== 'Owner') add(a.username, a.connection);
      return {
        id: job.id,
        name: job.name,
        isPublished: job.isPublished,
        owner: {
          id: owner!.id,
          username: owner!.username,
          role: owner!.standardRoles[0] ?? '',
        },
        issuerId: job.issuerId,
        issuerName: issuer!.name,
        issuerEmailDomains: issuer!.emailDomains,
        authorizedEndUsers: authorized as {
          username: string;
          connection: 'Owner' | 'IssuerManager' | 'DirectAssignment' | 'MagicLinkUser';
        }[],
      };
    },

    async assignable(actor: Actor, userId: string) {
      const user = await repo.user(userId);
      if (!user) throw AppError.notFound('No such user.');
      const rows = await repo.assignableFor(
        viewerOf(actor),
        userId,
        await repo.userIssuerIds(userId),
      );
      return rows.map((r) => ({ ...r, createdOn: r.createdOn.toISOString() }));
    },

    async changeOwner(actor: Actor, id: string, ownerId: string) {
      const job = await visibleJob(actor, id);
      const user = await repo.user(ownerId);
      if (!user || user.isDeactivated)
        throw AppError.badRequest('body.ownerId must be an active user', 'ownerId');
      await repo.unassign(job.id, job.ownerId, 'Owner');
      await repo.assign(job.id, ownerId, 'Owner', actor.userId);
      await repo.updateJob(job.id, { ownerId });
      return this.admin(actor, id);
    },

    async setAssignment(
      actor: Actor,
      input: { jobArtifactId: string; userId: string; isAssigned: boolean },
    ) {
      const job = await visibleJob(actor, input.jobArtifactId);
      const user = await repo.user(input.userId);
      if (!user) throw AppError.badRequest('body.userId must be an existing user', 'userId');
      if (input.isAssigned) await repo.assign(job.id, user.id, 'DirectAssignment', actor.userId);
      else await repo.unassign(job.id, user.id, 'DirectAssignment');
      return this.admin(actor, job.id);
    },
  };
}
export type JobsService = ReturnType<typeof createJobsService>;
