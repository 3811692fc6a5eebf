import { z } from 'zod';
import { LevelSchema } from '../analysis/enums.js';
import { ConfidenceRulesetSchema, ScoringRulesetSchema } from '../analysis/rulesets.js';

/* Ruleset editing in analysis admin (SPEC §2 Analysis admin): drafts, dry-runs, re-runs. */

export const RulesetKindSchema = z.enum(['confidence', 'scoring']);
export type RulesetKind = z.infer<typeof RulesetKindSchema>;

/** A new draft copies a stored version (a draft or not). */
export const CreateRulesetDraftSchema = z.strictObject({
  fromVersion: z.number().int().positive(),
});

const draftFields = {
  name: z.string().trim().min(1).max(200),
  description: z.string().max(2000),
};
/** The whole draft as the editor holds it; `version` and `kind` inside are set by the server. */
export const SaveConfidenceDraftSchema = z.strictObject({
  ...draftFields,
  ruleset: ConfidenceRulesetSchema,
});
export const SaveScoringDraftSchema = z.strictObject({
  ...draftFields,
  ruleset: ScoringRulesetSchema,
});

export const RulesetDryRunStateSchema = z.enum(['Queued', 'Running', 'Done', 'Error']);

export const StartRulesetDryRunSchema = z.strictObject({ jobId: z.uuid() });

/**
 * Suppliers at one level before and after, per group: the match confidence (`Confidence`) for
 * a confidence ruleset, each card product (Optima, Stp, …) for a scoring ruleset.
 */
export const RulesetDryRunCountSchema = z.object({
  group: z.string(),
  level: LevelSchema,
  before: z.number().int(),
  after: z.number().int(),
});
export type RulesetDryRunCount = z.infer<typeof RulesetDryRunCountSchema>;

export const RulesetDryRunSummarySchema = z.object({
  supplierCount: z.number().int(),
  changedCount: z.number().int(),
  counts: z.array(RulesetDryRunCountSchema),
  /** The job's stored version the draft is compared with. */
  comparedWithVersion: z.number().int().nullable(),
  seconds: z.number(),
  /**
   * Confidence only: decided again from the job's stored matches (the draft changes only how
   * levels are decided: thresholds, caps, rules, matchedFrom), or matched again, and why.
   */
  fromStoredMatches: z.boolean().optional(),
  rematchReason: z.string().nullable().optional(),
});
export type RulesetDryRunSummary = z.infer<typeof RulesetDryRunSummarySchema>;

export const RulesetDryRunSchema = z.object({
  id: z.uuid(),
  kind: RulesetKindSchema,
  versionNumber: z.number().int(),
  jobId: z.uuid(),
  state: RulesetDryRunStateSchema,
  error: z.string().nullable(),
  summary: RulesetDryRunSummarySchema.nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type RulesetDryRun = z.infer<typeof RulesetDryRunSchema>;

/** One group of a supplier that changes: its level (and score or merchant) before → after. */
export const RulesetChangeSchema = z.object({
  group: z.string(),
  beforeLevel: LevelSchema,
  afterLevel: LevelSchema,
  /** Scoring: the 0–100 product score. */
  beforeScore: z.number().nullable(),
  afterScore: z.number().nullable(),
  /** Confidence: the merchant matched. */
  beforeMerchantId: z.string().nullable(),
  afterMerchantId: z.string().nullable(),
});
export type RulesetChange = z.infer<typeof RulesetChangeSchema>;

export const RulesetChangedSupplierSchema = z.object({
  supplierKey: z.string(),
  supplierName: z.string().nullable(),
  changes: z.array(RulesetChangeSchema),
});
export type RulesetChangedSupplier = z.infer<typeof RulesetChangedSupplierSchema>;

export const RulesetDryRunChangesRequestSchema = z.strictObject({
  pageNumber: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(500).default(25),
});

/** Run chosen completed jobs again from the step the ruleset drives (Match or Score). */
export const RerunJobsWithRulesetSchema = z.strictObject({
  jobIds: z.array(z.uuid()).min(1).max(100),
});
export const RerunJobsResultSchema = z.object({
  jobs: z.array(z.object({ jobId: z.uuid(), name: z.string(), status: z.string() })),
});

export const DryRunParamsSchema = z.strictObject({ dryRunId: z.uuid() });
