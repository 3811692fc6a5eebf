import {
  CAMPAIGN_EXCLUSION_REASONS,
  type CampaignExclusionReason,
  type CampaignSelectionPreview,
  type CampaignStatus,
  type CampaignSelectionPreviewRequestSchema,
  type CampaignTemplate,
  type CampaignTemplateText,
  type CampaignWorkflowRoute,
  type CardProduct,
  type PagedListRequest,
  CampaignCadenceSchema,
  type CreateCampaignSchema,
  type CreateCampaignTemplateSchema,
  type SetJobSupplierExclusionSchema,
  unknownMergeFields,
} from '@b2b/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { pagedResponse } from '../../db/paged-query.js';
import { inTransaction } from '../../db/transaction.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import type { IssuersService } from '../issuers/issuers.service.js';
import { jobViewer } from '../jobs/jobs.policy.js';
import { createCampaignListRead } from './campaign-list.read.js';
import { type VisibleJob, createCampaignLookup } from './campaign-lookup.js';
import { type Selection, insertSelection, previewSelection } from './campaign-selection.read.js';
import { authorize, authorizeCreate, isEmailRoute } from './campaigns.policy.js';
import { presentCampaign, presentCampaignDetails } from './campaigns.presenter.js';
import { type CampaignRow, type TemplateRow, createCampaignsRepo } from './campaigns.repo.js';
import { shippedTemplate, shippedTemplates } from './default-templates.js';
import { createTrackerRepo } from './tracker.repo.js';

/** The use-case selection a campaign is created from (the use-cases service). */
export type SelectSuppliers = (
  actor: Actor,
  jobId: string,
  useCaseIds: string[],
) => Promise<
  {
    supplierKey: string;
    supplierName: string;
    spend: number;
    useCaseId: string;
    cardProduct: CardProduct;
  }[]
>;

/** Refuses a text naming a merge field that does not exist (400 naming it and the field). */
export function checkMergeFields(texts: Partial<CampaignTemplateText>, prefix = 'body'): void {
  for (const [field, text] of Object.entries(texts)) {
    const unknown = unknownMergeFields(text ?? '');
    if (unknown.length > 0)
      throw AppError.badRequest(
        `${prefix}.${field} uses unknown merge field ${unknown.map((u) => `{{${u}}}`).join(', ')}`,
        `${prefix}.${field}`,
      );
  }
}

const presentTemplate = (row: TemplateRow): CampaignTemplate => ({
  id: row.id,
  name: row.name,
  route: row.route as CampaignWorkflowRoute,
  language: row.language,
  shipped: false,
  subject: row.subject,
  body: row.body,
  followUpSubject: row.followUpSubject,
  followUpBody: row.followUpBody,
});

/** Each supplier once (the first use case that selects it): the tracker's key. */
function uniqueSelection(selected: Awaited<ReturnType<SelectSuppliers>>): Selection {
  const seen = new Set<string>();
  const rows: Selection = [];
  for (const s of selected) {
    if (seen.has(s.supplierKey)) continue;
    seen.add(s.supplierKey);
    rows.push({
      supplierKey: s.supplierKey,
      supplierName: s.supplierName,
      spend: s.spend,
      useCaseId: s.useCaseId,
    });
  }
  return rows;
}

/**
 * Campaigns of a job: created from use cases with their exclusions, listed (per job and across
 * the jobs a user may see), started and closed; templates and the buyer's exclusion list.
 */
export function createCampaignsService(
  db: Database,
  deps: {
    visibleJob: VisibleJob;
    issuers: Pick<IssuersService, 'findById'>;
    selectSuppliers: SelectSuppliers;
    /** Queues the outreach right away instead of at the next scheduled run. */
    kickOutreach: () => Promise<void>;
    /** A bounce mailbox is configured (CAMPAIGN_BOUNCE_MAILBOX_URL). */
    bounceMailboxConfigured: boolean;
  },
) {
  const repo = createCampaignsRepo(db);
  const tracker = createTrackerRepo(db);
  const list = createCampaignListRead(db);
  const visibleCampaign = createCampaignLookup(repo, deps.visibleJob);

  async function details(row: CampaignRow, jobName: string) {
    const [counters, exclusions] = await Promise.all([
      tracker.counters([row.id]),
      tracker.exclusionCounts([row.id]),
    ]);
    return presentCampaignDetails(
      row,
      jobName,
      counters.get(row.id),
      exclusions.get(row.id),
      deps.bounceMailboxConfigured,
    );
  }

  /** The job a campaign may be created on, and its lockbox provider on the Virtual LB route. */
  async function creatable(actor: Actor, jobId: string, route: CampaignWorkflowRoute) {
    const job = await deps.visibleJob(actor, jobId);
    authorizeCreate(actor, job);
    const issuer = await deps.issuers.findById(job.issuerId);
    if (!issuer) throw AppError.notFound('Issuer not found.');
    let virtualLockbox: string | null = null;
    if (route === 'IsVlbAutoEnrolled') {
      virtualLockbox = issuer.virtualLockboxes[0] ?? null;
      if (!virtualLockbox)
        throw AppError.badRequest(
          `body.route: the issuer ${issuer.name} has no virtual lockbox provider (Boost, BoostEu or Its)`,
          'body.route',
        );
    }
    return { job, virtualLockbox };
  }

  async function page(
    rows: { campaign: CampaignRow; jobName: string }[],
    total: number,
    request: PagedListRequest,
  ) {
    const ids = rows.map((r) => r.campaign.id);
    const [counters, exclusions] = await Promise.all([
      tracker.counters(ids),
      tracker.exclusionCounts(ids),
    ]);
    return pagedResponse(
      rows.map((r) =>
        presentCampaign(
          r.campaign,
          r.jobName,
          counters.get(r.campaign.id),
          exclusions.get(r.campaign.id),
        ),
      ),
      total,
      request,
    );
  }

  return {
    async listAll(actor: Actor, request: PagedListRequest) {
      const { rows, total } = await list.list(jobViewer(actor), request);
      return page(rows, total, request);
    },

    /** Campaigns of the jobs the actor may see, counted per status (zero where none). */
    async countByStatus(actor: Actor): Promise<Record<CampaignStatus, number>> {
      const rows = await list.countByStatus(jobViewer(actor));
      const counts = { Pending: 0, Active: 0, Completed: 0 };
      for (const r of rows) if (r.status in counts) counts[r.status as CampaignStatus] = r.n;
      return counts;
    },

    async listForJob(actor: Actor, jobId: string, request: PagedListRequest) {
      const job = await deps.visibleJob(actor, jobId);
      const { rows, total } = await list.list(jobViewer(actor), request, job.id);
      return page(rows, total, request);
    },

    async get(actor: Actor, campaignId: string) {
      const { campaign, job } = await visibleCampaign(actor, campaignId);
      return details(campaign, job.name);
    },

    async create(actor: Actor, jobId: string, input: z.output<typeof CreateCampaignSchema>) {
      const { job, virtualLockbox } = await creatable(actor, jobId, input.route);
      let texts: CampaignTemplateText = shippedTemplate(input.route, input.language);
      if (input.templateId) {
        const template = await repo.templates.find(job.issuerId, input.templateId);
        if (!template)
          throw AppError.badRequest(
            'body.templateId: no such template of this issuer',
            'body.templateId',
          );
        texts = presentTemplate(template);
      }
      const cadence = input.cadence ?? CampaignCadenceSchema.parse({});
      const rows = uniqueSelection(await deps.selectSuppliers(actor, job.id, input.useCaseIds));
      const now = new Date();
      const created = await inTransaction(db, async (tx) => {
        const campaign = await repo.insert(
          {
            jobId: job.id,
            issuerId: job.issuerId,
            name: input.name,
            route: input.route,
            cardProduct: input.cardProduct,
            language: input.language,
            useCaseIds: [...new Set<string>(input.useCaseIds)],
            followUpDays: cadence.followUpDays,
            closeDay: cadence.closeDay,
            declinePeriodDays: input.declinePeriodDays,
            virtualLockbox,
            subject: texts.subject,
            body: texts.body,
            followUpSubject: texts.followUpSubject,
            followUpBody: texts.followUpBody,
            createdBy: actor.userId,
            createdByName: actor.username,
            createdAt: now,
          },
          tx,
        );
        await insertSelection(tx, rows, {
          campaignId: campaign.id,
          jobId: job.id,
          cardProduct: input.cardProduct,
          declinePeriodDays: input.declinePeriodDays,
          needsEmail: isEmailRoute(input.route),
          now,
        });
        return campaign;
      });
      return details(created, job.name);
    },

    /**
     * The create page's preview: create's selection and exclusions as a dry run (the same
     * code and checks, nothing written), counted by reason.
     */
    async previewSelection(
      actor: Actor,
      jobId: string,
      input: z.output<typeof CampaignSelectionPreviewRequestSchema>,
    ): Promise<CampaignSelectionPreview> {
      const { job } = await creatable(actor, jobId, input.route);
      const rows = uniqueSelection(await deps.selectSuppliers(actor, job.id, input.useCaseIds));
      const groups = await previewSelection(db, rows, {
        jobId: job.id,
        cardProduct: input.cardProduct,
        declinePeriodDays: input.declinePeriodDays,
        needsEmail: isEmailRoute(input.route),
        now: new Date(),
      });
      const exclusionsByReason = Object.fromEntries(
        CAMPAIGN_EXCLUSION_REASONS.map((r) => [r, 0]),
      ) as Record<CampaignExclusionReason, number>;
      let tracked = 0;
      let sendable = 0;
      for (const g of groups) {
        if (g.reason) exclusionsByReason[g.reason as CampaignExclusionReason] += g.n;
        if (g.tracked) tracked += g.n;
        if (g.sendable) sendable += g.n;
      }
      return { selected: rows.length, tracked, sendable, exclusionsByReason };
    },

    /** Pending → Active. E-mail routes queue day 0; Virtual LB enrols through the provider. */
    async start(actor: Actor, campaignId: string) {
      const { campaign, job } = await visibleCampaign(actor, campaignId);
      authorize(actor, 'start', campaign);
      const route = campaign.route as CampaignWorkflowRoute;
      const now = new Date();
      const updated = await inTransaction(db, async (tx) => {
        const row = await repo.update(campaign.id, { status: 'Active', startedAt: now }, tx);
        if (route === 'IsVlbAutoEnrolled')
          await tracker.autoEnrol(campaign.id, campaign.virtualLockbox ?? '', now, tx);
        else if (isEmailRoute(route)) await tracker.start(campaign.id, now, tx);
        else await tracker.activateAll(campaign.id, tx);
        return row;
      });
      if (isEmailRoute(route)) await deps.kickOutreach();
      return details(updated, job.name);
    },

    async complete(actor: Actor, campaignId: string) {
      const { campaign, job } = await visibleCampaign(actor, campaignId);
      authorize(actor, 'complete', campaign);
      return details(await this.close(campaign.id, new Date()), job.name);
    },

    /** Ends a campaign: open suppliers become NoResponse (the scheduled close day, or a user). */
    async close(campaignId: string, at: Date): Promise<CampaignRow> {
      return inTransaction(db, async (tx) => {
        await tracker.closeOpen(campaignId, at, tx);
        return repo.update(campaignId, { status: 'Completed', completedAt: at }, tx);
      });
    },

    async updateTemplate(actor: Actor, campaignId: string, texts: CampaignTemplateText) {
      const { campaign, job } = await visibleCampaign(actor, campaignId);
      authorize(actor, 'edit', campaign);
      checkMergeFields(texts);
      return details(await repo.update(campaign.id, texts), job.name);
    },

    async listTemplates(actor: Actor, jobId: string, route?: string, language?: string) {
      const job = await deps.visibleJob(actor, jobId);
      const shipped = shippedTemplates().filter(
        (t) => (!route || t.route === route) && (!language || t.language === language),
      );
      const own = await repo.templates.list(job.issuerId, route, language);
      return [...shipped, ...own.map(presentTemplate)];
    },

    async createTemplate(
      actor: Actor,
      jobId: string,
      input: z.output<typeof CreateCampaignTemplateSchema>,
    ) {
      const job = await deps.visibleJob(actor, jobId);
      checkMergeFields({
        subject: input.subject,
        body: input.body,
        followUpSubject: input.followUpSubject,
        followUpBody: input.followUpBody,
      });
      return presentTemplate(
        await repo.templates.insert({ ...input, issuerId: job.issuerId, createdBy: actor.userId }),
      );
    },

    buyerExclusions: {
      async list(actor: Actor, jobId: string) {
        const job = await deps.visibleJob(actor, jobId);
        return (await repo.buyerExclusions.list(job.id)).map((r) => ({
          supplierKey: r.supplierKey,
          reason: r.reason as 'Strategic' | 'ExcludedByBuyer',
          note: r.note,
          createdOn: r.createdAt.toISOString(),
        }));
      },
      async set(
        actor: Actor,
        jobId: string,
        supplierKey: string,
        input: z.output<typeof SetJobSupplierExclusionSchema>,
      ) {
        const job = await deps.visibleJob(actor, jobId);
        const row = await repo.buyerExclusions.upsert({
          jobId: job.id,
          supplierKey,
          reason: input.reason,
          note: input.note ?? null,
          createdBy: actor.userId,
        });
        return {
          supplierKey: row.supplierKey,
          reason: row.reason as 'Strategic' | 'ExcludedByBuyer',
          note: row.note,
          createdOn: row.createdAt.toISOString(),
        };
      },
      async delete(actor: Actor, jobId: string, supplierKey: string) {
        const job = await deps.visibleJob(actor, jobId);
        return { deleted: await repo.buyerExclusions.delete(job.id, supplierKey) };
      },
    },
  };
}
export type CampaignsService = ReturnType<typeof createCampaignsService>;
