import { z } from 'zod';
import { CampaignRouteSchema, CardProductSchema } from '../analysis/enums.js';
import { PublicBrandingSchema } from '../brandings/schemas.js';
import { VirtualLockboxSchema } from '../issuers/schemas.js';

/**
 * SPEC §3 campaign routes a campaign runs on (labels: CAMPAIGN_ROUTE_LABELS); 'Aggregated'
 * (All Routes) is what a list shows without a route filter, not a route of its own.
 */
export const CampaignWorkflowRouteSchema = CampaignRouteSchema.exclude(['Aggregated']);
export type CampaignWorkflowRoute = z.infer<typeof CampaignWorkflowRouteSchema>;
export const CAMPAIGN_WORKFLOW_ROUTES = CampaignWorkflowRouteSchema.options;

/** SPEC §3 campaign workflow tracker statuses, of a campaign and of each of its suppliers. */
export const CAMPAIGN_STATUSES = ['Pending', 'Active', 'Completed'] as const;
export const CampaignStatusSchema = z.enum(CAMPAIGN_STATUSES);
export type CampaignStatus = z.infer<typeof CampaignStatusSchema>;

/**
 * How a Completed supplier ended. The tracker counts Succeeded, and every other outcome as
 * Failed (declined, bounced or refused by the mail server, no answer by the close day).
 */
export const CAMPAIGN_OUTCOMES = ['Succeeded', 'Declined', 'Failed', 'NoResponse'] as const;
export const CampaignOutcomeSchema = z.enum(CAMPAIGN_OUTCOMES);
export type CampaignOutcome = z.infer<typeof CampaignOutcomeSchema>;

/** Why a selected supplier is not contacted; listed, never dropped silently. */
export const CAMPAIGN_EXCLUSION_REASONS = [
  'Strategic',
  'ExcludedByBuyer',
  'ActiveCampaign',
  'RecentlyDeclined',
  'NoContact',
] as const;
export const CampaignExclusionReasonSchema = z.enum(CAMPAIGN_EXCLUSION_REASONS);
export type CampaignExclusionReason = z.infer<typeof CampaignExclusionReasonSchema>;

/** What the buyer marks a supplier as on a job's exclusion list. */
export const BuyerExclusionReasonSchema = z.enum(['Strategic', 'ExcludedByBuyer']);

export const CAMPAIGN_EVENT_TYPES = [
  'Sent',
  'FollowUp',
  /** A step sent again with the same Message-ID: its first attempt's delivery is unknown. */
  'Resent',
  'Deferred',
  'LinkOpened',
  'Responded',
  'Enrolled',
  'Declined',
  'CallRequested',
  'Bounced',
  'Failed',
  'Closed',
  'VlbAutoEnrolled',
  'OutcomeImported',
  'ContactUpdated',
] as const;
export const CampaignEventTypeSchema = z.enum(CAMPAIGN_EVENT_TYPES);
export type CampaignEventType = z.infer<typeof CampaignEventTypeSchema>;

export const CampaignCadenceSchema = z
  .strictObject({
    /** Days after the start a follow-up goes out (the first e-mail is day 0). */
    followUpDays: z.array(z.number().int().min(1).max(365)).max(10).default([8, 12]),
    /** Day the campaign closes: suppliers without an answer are Completed as NoResponse. */
    closeDay: z.number().int().min(1).max(366).default(14),
  })
  .refine((c) => c.followUpDays.every((d, i, all) => i === 0 || d > all[i - 1]!), {
    message: 'followUpDays must be increasing',
    path: ['followUpDays'],
  })
  .refine((c) => c.followUpDays.every((d) => d < c.closeDay), {
    message: 'closeDay must come after every follow-up',
    path: ['closeDay'],
  });

const templateText = {
  subject: z.string().trim().min(1).max(300),
  body: z.string().min(1).max(20000),
};
export const CampaignTemplateTextSchema = z.strictObject({
  ...templateText,
  followUpSubject: z.string().trim().min(1).max(300),
  followUpBody: z.string().min(1).max(20000),
});
export type CampaignTemplateText = z.infer<typeof CampaignTemplateTextSchema>;

export const LanguageSchema = z.string().regex(/^[a-z]{2}$/, 'must be a 2-letter language code');

export const CampaignTemplateSchema = CampaignTemplateTextSchema.extend({
  /** null for a shipped template. */
  id: z.uuid().nullable(),
  name: z.string(),
  route: CampaignWorkflowRouteSchema,
  language: z.string(),
  shipped: z.boolean(),
});
export type CampaignTemplate = z.infer<typeof CampaignTemplateSchema>;

export const CreateCampaignTemplateSchema = CampaignTemplateTextSchema.extend({
  name: z.string().trim().min(1).max(200),
  route: CampaignWorkflowRouteSchema,
  language: LanguageSchema,
});

export const CampaignTemplatesQuerySchema = z.strictObject({
  route: CampaignWorkflowRouteSchema.optional(),
  language: LanguageSchema.optional(),
});

export const CreateCampaignSchema = z.strictObject({
  name: z.string().trim().min(1).max(200),
  route: CampaignWorkflowRouteSchema,
  cardProduct: CardProductSchema,
  language: LanguageSchema.default('en'),
  useCaseIds: z.array(z.uuid()).min(1).max(50),
  /** An issuer template to copy; absent: the shipped one of the route and language. */
  templateId: z.uuid().optional(),
  cadence: CampaignCadenceSchema.optional(),
  /** Suppliers that declined within this many days are excluded. */
  declinePeriodDays: z.number().int().min(0).max(3650).default(180),
});

/** What a campaign's selection would hold: create's body, the parts that choose suppliers. */
export const CampaignSelectionPreviewRequestSchema = CreateCampaignSchema.pick({
  route: true,
  cardProduct: true,
  useCaseIds: true,
  declinePeriodDays: true,
});

/**
 * A dry run of create's selection (nothing written): the suppliers of the use cases, those
 * each exclusion reason removes, and those left to track (of them, those an e-mail reaches).
 * NoContact suppliers are tracked but not sent, and listed with the exclusions.
 */
export const CampaignSelectionPreviewSchema = z.object({
  selected: z.number().int(),
  tracked: z.number().int(),
  sendable: z.number().int(),
  exclusionsByReason: z.record(CampaignExclusionReasonSchema, z.number().int()),
});
export type CampaignSelectionPreview = z.infer<typeof CampaignSelectionPreviewSchema>;

/** Counters of SPEC §3: Total, Pending, Active, Failed, Succeeded. */
export const CampaignCountersSchema = z.object({
  total: z.number().int(),
  pending: z.number().int(),
  active: z.number().int(),
  failed: z.number().int(),
  succeeded: z.number().int(),
});
export type CampaignCounters = z.infer<typeof CampaignCountersSchema>;

export const CampaignSchema = z.object({
  id: z.uuid(),
  jobId: z.uuid(),
  jobName: z.string(),
  issuerId: z.uuid(),
  name: z.string(),
  route: CampaignWorkflowRouteSchema,
  cardProduct: CardProductSchema,
  language: z.string(),
  status: CampaignStatusSchema,
  useCaseIds: z.array(z.uuid()),
  cadence: z.object({ followUpDays: z.array(z.number().int()), closeDay: z.number().int() }),
  declinePeriodDays: z.number().int(),
  virtualLockbox: VirtualLockboxSchema.nullable(),
  counters: CampaignCountersSchema,
  excludedCount: z.number().int(),
  createdBy: z.string(),
  createdOn: z.string(),
  startedOn: z.string().nullable(),
  completedOn: z.string().nullable(),
});
export type Campaign = z.infer<typeof CampaignSchema>;

export const CampaignDetailsSchema = CampaignSchema.extend({
  template: CampaignTemplateTextSchema,
  /** Exclusions by reason (the exclusions list has them one by one). */
  exclusionsByReason: z.record(z.string(), z.number().int()),
  /**
   * A bounce mailbox is configured: bounces are read from it (ReadCampaignBounces), not only
   * pasted. Told with the campaign, not in the public site configuration.
   */
  bouncesReadAutomatically: z.boolean(),
});
export type CampaignDetails = z.infer<typeof CampaignDetailsSchema>;

export const CampaignSupplierSchema = z.object({
  supplierKey: z.string(),
  supplierName: z.string(),
  spend: z.number().nullable(),
  useCaseId: z.uuid().nullable(),
  contactEmail: z.string().nullable(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  /** False when there is no contact e-mail on an e-mail route: listed as No contact. */
  sendable: z.boolean(),
  status: CampaignStatusSchema,
  outcome: CampaignOutcomeSchema.nullable(),
  outcomeReason: z.string().nullable(),
  isVlbAutoEnrolled: z.boolean(),
  lastEventOn: z.string().nullable(),
});
export type CampaignSupplier = z.infer<typeof CampaignSupplierSchema>;

export const CampaignEventSchema = z.object({
  id: z.number().int(),
  type: CampaignEventTypeSchema,
  step: z.number().int().nullable(),
  detail: z.string().nullable(),
  at: z.string(),
});

export const CampaignSupplierDetailsSchema = CampaignSupplierSchema.extend({
  timeline: z.array(CampaignEventSchema),
});

export const CampaignExclusionSchema = z.object({
  supplierKey: z.string(),
  supplierName: z.string(),
  reason: CampaignExclusionReasonSchema,
  detail: z.string().nullable(),
});

export const JobSupplierExclusionSchema = z.object({
  supplierKey: z.string(),
  reason: BuyerExclusionReasonSchema,
  note: z.string().nullable(),
  createdOn: z.string(),
});
export const SetJobSupplierExclusionSchema = z.strictObject({
  reason: BuyerExclusionReasonSchema,
  note: z.string().trim().max(500).optional(),
});

export const ContactUpdateSchema = z.strictObject({
  supplierKey: z.string().min(1).max(200),
  contactEmail: z.string().trim().max(320).nullable(),
  contactName: z.string().trim().max(200).nullable().optional(),
  contactPhone: z.string().trim().max(50).nullable().optional(),
});
export const UpdateContactsSchema = z.strictObject({
  contacts: z.array(ContactUpdateSchema).min(1).max(5000),
});

/** A row refused by a contacts edit or an outcomes file, and why. */
export const CampaignRowRejectSchema = z.object({
  row: z.number().int(),
  supplierKey: z.string().nullable(),
  field: z.string(),
  message: z.string(),
});
export const UpdateContactsResultSchema = z.object({
  updated: z.number().int(),
  rejects: z.array(CampaignRowRejectSchema),
});

export const TemplatePreviewSchema = z.strictObject({
  subject: z.string().max(300),
  body: z.string().max(20000),
  supplierKey: z.string().max(200).optional(),
});
export const RenderedMailSchema = z.object({ subject: z.string(), body: z.string() });

export const TestSendSchema = z.strictObject({
  to: z.email(),
  followUp: z.boolean().default(false),
});
export const TestSendResultSchema = z.object({ delivered: z.boolean(), response: z.string() });

export const OutcomeUploadResultSchema = z.object({
  uploadId: z.uuid(),
  rowCount: z.number().int(),
  applied: z.number().int(),
  rejected: z.number().int(),
  rejects: z.array(CampaignRowRejectSchema),
});

/**
 * A bounce received after the SMTP server accepted a mail (a delivery status notification to
 * the sender address, RFC 3464), pasted or read from a saved .eml file.
 */
export const CampaignBounceInputSchema = z.strictObject({
  message: z.string().min(1).max(1_000_000),
});
export type CampaignBounceInput = z.infer<typeof CampaignBounceInputSchema>;

export const CampaignBounceResultSchema = z.object({
  supplierKey: z.string(),
  supplierName: z.string(),
  /**
   * Failed: a permanent failure (5.x.x) ended the supplier as Failed. Deferred: a delay
   * (4.x.x), noted on the timeline. Unchanged: the supplier had already answered; the bounce is
   * noted on the timeline only.
   */
  effect: z.enum(['Failed', 'Deferred', 'Unchanged']),
  /** The DSN's status code (e.g. 5.1.1) and the remote server's diagnostic, as given. */
  status: z.string(),
  diagnostic: z.string().nullable(),
});
export type CampaignBounceResult = z.infer<typeof CampaignBounceResultSchema>;

export const CampaignParamsSchema = z.strictObject({ campaignId: z.uuid() });
export const CampaignSupplierParamsSchema = CampaignParamsSchema.extend({
  supplierKey: z.string().min(1).max(200),
});
export const OutcomeUploadParamsSchema = CampaignParamsSchema.extend({ uploadId: z.uuid() });
export const JobCampaignParamsSchema = z.strictObject({ id: z.uuid() });
export const JobExclusionParamsSchema = JobCampaignParamsSchema.extend({
  supplierKey: z.string().min(1).max(200),
});

/* ------------------------------ public response ------------------------------ */

export const ResponseTokenParamsSchema = z.strictObject({
  token: z.string().min(20).max(100),
});

/** Everything the public response page shows: who asks, for whom, which product. */
export const CampaignResponsePageSchema = z.object({
  issuerName: z.string(),
  branding: PublicBrandingSchema.nullable(),
  buyerName: z.string(),
  cardProduct: CardProductSchema,
  cardProductName: z.string(),
});
export type CampaignResponsePage = z.infer<typeof CampaignResponsePageSchema>;

export const CAMPAIGN_ANSWERS = ['Accept', 'Decline', 'CallMe'] as const;
export const CampaignAnswerSchema = z
  .strictObject({
    answer: z.enum(CAMPAIGN_ANSWERS),
    reason: z.string().trim().max(1000).optional(),
    phone: z.string().trim().max(50).optional(),
  })
  .refine((a) => a.answer !== 'Decline' || Boolean(a.reason), {
    message: 'reason is required to decline',
    path: ['reason'],
  });
export const CampaignAnswerResultSchema = z.object({
  answer: z.enum(CAMPAIGN_ANSWERS),
  message: z.string(),
});
