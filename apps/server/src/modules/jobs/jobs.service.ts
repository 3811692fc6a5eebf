import type {
  ConfidenceRuleset,
  MatchOverride,
  PagedListRequest,
  ScoringRuleset,
} from '@b2b/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { JobsConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { pagedResponse } from '../../db/paged-query.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import type { FileStorage } from '../../storage/file-storage.js';
import type { StoredFolders } from '../../storage/stored-folders.js';
import type { BuyersService } from '../issuers/buyers.service.js';
import type { IssuersService } from '../issuers/issuers.service.js';
import type { SupplierListKeys } from '../issuers/supplier-lists.service.js';
import type { ProqService } from '../proq/proq.service.js';
import type { UsersService } from '../users/users.service.js';
import { createJobAccessService } from './job-access.service.js';
import { createJobCampaignsRead } from './job-campaigns.read.js';
import { createJobEngine } from './job-engine.js';
import { createJobFilesService } from './job-files.service.js';
import { createJobListRead } from './job-list.read.js';
import { createJobLookup } from './job-lookup.js';
import { createJobResultsRepo } from './job-results.repo.js';
import { createJobResultsService } from './job-results.service.js';
import { createJobWizardService } from './job-wizard.service.js';
import { createJobWorkflowService } from './job-workflow.service.js';
import { type PipelineOptions, jobCommandHandlers, waitingJobsHandler } from './jobs.commands.js';
import { authorize, jobViewer } from './jobs.policy.js';
import { presentListItem } from './jobs.presenter.js';
import { createJobsRepo } from './jobs.repo.js';
import type { RulesetsService } from '../rulesets/rulesets.service.js';
import type { ResourceGuardService } from '../resource-guard/resource-guard.service.js';

type JobsGuard = Pick<
  ResourceGuardService,
  'uploadMaxBytes' | 'engineSettings' | 'checkStorage' | 'checkSubmit' | 'runningSlot'
>;

/**
 * Analysis jobs: the list, a job's detail, publishing and deleting it here; the wizard, files,
 * workflow, results and access as the parts the web has too (`jobs.wizard`, `jobs.files`, …).
 */
export function createJobsService(
  db: Database,
  deps: {
    proq: ProqService;
    rulesets: RulesetsService;
    issuers: Pick<
      IssuersService,
      'findById' | 'listWithBuyers' | 'listMembers' | 'listMemberships'
    >;
    buyers: Pick<BuyersService, 'create' | 'findById' | 'findByIssuerKey'>;
    users: Pick<UsersService, 'findById' | 'findByUsername'>;
    /** An issuer's supplier include and exclude lists: use cases and campaigns keep to them. */
    supplierLists: (issuerId: string) => Promise<SupplierListKeys>;
    config: JobsConfig;
    dataDir: string;
    storage: () => FileStorage;
    /** The reference data versions every node shares (services.ts). */
    reference: StoredFolders;
    /** The resource limits (upload size, storage, submissions, engine settings). */
    guard: JobsGuard;
    log: FastifyBaseLogger;
  },
) {
  const { proq, rulesets, issuers, buyers, users, config, dataDir, storage, reference, guard } =
    deps;
  const repo = createJobsRepo(db);
  const list = createJobListRead(db);
  const results = createJobResultsRepo(db);
  const lookup = createJobLookup(db);
  const jobCampaigns = createJobCampaignsRead(db);
  const engine = createJobEngine(storage, {
    dataDir,
    reference,
    engineSettings: guard.engineSettings,
  });
  const workflow = createJobWorkflowService(db, { lookup, proq, rulesets, guard, issuers });

  return {
    wizard: createJobWizardService(db, { lookup, issuers, buyers }),
    files: createJobFilesService(db, {
      lookup,
      engine,
      config,
      dataDir,
      storage,
      issuers,
      guard,
    }),
    workflow,
    results: createJobResultsService(db, {
      lookup,
      engine,
      rulesets,
      workflow,
      supplierLists: deps.supplierLists,
    }),
    access: createJobAccessService(db, { lookup, issuers, users }),

    async list(actor: Actor, request: PagedListRequest) {
      const { rows, total } = await list.list(jobViewer(actor), request);
      return pagedResponse(rows.map(presentListItem), total, request);
    },

    /**
     * A job the actor may see, as stored, or 404: one query, for a module that only needs to know
     * the job is visible and its type, status and currency (the details add three more).
     */
    visible: (actor: Actor, id: string) => lookup.visibleJob(actor, id),
    /** A job the actor may change in the wizard (a Draft job of theirs), as stored, or 404/403. */
    editable: (actor: Actor, id: string) => lookup.editableJob(actor, id),

    /**
     * Removes a job its creator could not fill or submit (an accounting sync that failed half
     * way): nothing half-created stays. A job already submitted is left alone.
     */
    async discardUnsubmitted(id: string) {
      const job = await repo.findById(id);
      if (!job || job.submittedAt) return;
      await repo.deleteJob(job.id);
      await engine.deleteJobFiles(job.id);
    },

    async get(actor: Actor, id: string) {
      return lookup.visibleDetails(actor, id);
    },

    /**
     * Every Completed job of every issuer: the card acceptance model trains on their suppliers
     * server-side (ML prediction); no actor, and nothing of them is shown but aggregate figures.
     */
    completedJobIds: () => repo.completedJobIds(),

    /** Replaces a job's card acceptance predictions (the ML prediction module's command). */
    replacePredictedCardAcceptance: (
      jobId: string,
      predictions: readonly { supplierKey: string; probability: number }[],
    ) => results.replacePredictedCardAcceptance(jobId, predictions),

    /** Job names for the active-users views (whoever asks: the caller scopes by issuer). */
    async namesByIds(ids: string[]) {
      return new Map((await repo.refsByIds(ids)).map((j) => [j.id, j.name]));
    },
    /** Each job's issuer, for the active-users views' issuer scope. */
    async issuerIdsOf(ids: string[]) {
      return new Map((await repo.refsByIds(ids)).map((j) => [j.id, [j.issuerId] as const]));
    },

    async ownerFilterItems(actor: Actor) {
      const owners = await list.ownersOfVisibleJobs(jobViewer(actor));
      return owners.map((o) => ({ id: o.id, ownerName: o.username, displayName: o.displayName }));
    },

    async publish(actor: Actor, id: string, isPublished: boolean) {
      const job = await lookup.visibleJob(actor, id);
      authorize(actor, isPublished ? 'publish' : 'unpublish', job);
      return lookup.details(actor, await repo.updateJob(job.id, { isPublished }));
    },

    async rename(actor: Actor, id: string, name: string) {
      const job = await lookup.visibleJob(actor, id);
      authorize(actor, 'rename', job);
      return lookup.details(actor, await repo.updateJob(job.id, { name }));
    },

    async delete(actor: Actor, id: string) {
      const job = await lookup.visibleJob(actor, id);
      authorize(actor, 'delete', job);
      const running = await jobCampaigns.activeCount(job.id);
      if (running > 0) {
        throw AppError.conflict(
          `The job has ${running} active campaign${running === 1 ? '' : 's'}; complete ${running === 1 ? 'it' : 'them'} before deleting the job.`,
        );
      }
      await repo.deleteJob(job.id);
      // Its rows went by cascade; the results partition and the stored files do not.
      await results.dropResults(job.id);
      await engine.deleteJobFiles(job.id);
      return { deleted: true as const };
    },

    /**
     * Runs a ruleset on a Completed job's stored inputs without writing its results (analysis
     * admin's dry-run, asked for by the rulesets module, which checked the actor may see the job).
     */
    async rulesetDryRun(
      jobId: string,
      input:
        | { kind: 'confidence'; ruleset: ConfidenceRuleset }
        | { kind: 'scoring'; ruleset: ScoringRuleset },
      changesKey: string,
      options: { path?: 'auto' | 'full' } = {},
    ) {
      const job = await repo.findById(jobId);
      if (!job) throw AppError.notFound('No such job.');
      if (job.status !== 'Completed')
        throw AppError.conflict('Only a Completed job can be dry-run: its results are compared.');
      const issuer = await issuers.findById(job.issuerId);
      if (input.kind === 'confidence') {
        const overrides: MatchOverride[] = (await results.overrides(job.id)).map((o) =>
          o.decision === 'rejected' || !o.merchantId
            ? { supplierKey: o.supplierKey, decision: 'rejected' }
            : { supplierKey: o.supplierKey, decision: 'merchant', merchantId: o.merchantId },
        );
        // The version the stored matches were made with: a draft differing from it only in how
        // levels are decided is dry-run from them instead of matching again.
        const matchedWith =
          job.confidenceRulesetVersion === null
            ? undefined
            : await rulesets.confidenceRuleset(job.confidenceRulesetVersion).catch(() => undefined);
        const compared = await engine.dryRun(
          job,
          {
            kind: 'confidence',
            ruleset: input.ruleset,
            matchedWith,
            overrides,
            fallbackCountryIso3: issuer?.fallbackCountryIso3,
            path: options.path,
          },
          changesKey,
        );
        return { ...compared, comparedWithVersion: job.confidenceRulesetVersion };
      }
      if (job.type === 'matched-data-only')
        throw AppError.badRequest('A Matched Data Only job is not scored.', 'jobId');
      const buyer = await buyers.findById(job.buyerId);
      const compared = await engine.dryRun(
        job,
        {
          kind: 'scoring',
          ruleset: input.ruleset,
          buyerCountryIso3: buyer?.countryIso3 ?? (issuer?.fallbackCountryIso3 || undefined),
        },
        changesKey,
      );
      return { ...compared, comparedWithVersion: job.scoringRulesetVersion };
    },

    /** The pipeline's ProQ command handlers, for the registry (services.ts). */
    /** StartWaitingJobs: jobs waiting for a running slot (queue-and-wait). */
    waitingJobsHandler: () => waitingJobsHandler(workflow),

    commandHandlers(options: PipelineOptions) {
      return jobCommandHandlers(db, { engine, rulesets, issuers, buyers, workflow, ...options });
    },

    /** What the demo seed and the benchmarks set jobs up with (jobs.demo.ts). */
    demo: {
      ensureReferenceData: (count: number) => engine.ensureReferenceData(count),
      referenceRoot: engine.referenceRoot,
      findByDemoKey: (demoKey: string) => repo.findByDemoKey(demoKey),
      userByUsername: (username: string) => users.findByUsername(username),
      buyerOfIssuerKey: (issuerKey: string, buyerName: string) =>
        buyers.findByIssuerKey(issuerKey, buyerName),
    },
  };
}
export type JobsService = ReturnType<typeof createJobsService>;
