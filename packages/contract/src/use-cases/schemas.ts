import { z } from 'zod';
import { CardProductSchema, RiskLevelSchema } from '../analysis/enums.js';
import { FilterItemSchema } from '../common/paged-list.js';
import { SupplierResultSchema } from '../jobs/schemas.js';

/**
 * Use cases (SPEC §2 jobs use-cases, titled Job Campaigns): a named rule over a job's supplier
 * results with a card product and a recommended action. The rule is the supplier list's filter
 * items (same properties, same operators), AND-ed, so a use case's suppliers are exactly what the
 * suppliers tab shows with those filters.
 */
export const UseCaseRuleSchema = z.strictObject({
  filters: z.array(FilterItemSchema).max(50),
});

/** What a user writes: a new use case, or every field of an edited one. */
export const UseCaseInputSchema = z.strictObject({
  name: z.string().trim().min(1, 'Name is required').max(200),
  description: z.string().trim().max(2000).default(''),
  cardProduct: CardProductSchema,
  recommendedAction: z.string().trim().max(2000).default(''),
  rule: UseCaseRuleSchema,
  /** The template it starts from (USE_CASE_TEMPLATES key), kept for reference. */
  templateKey: z.string().min(1).max(100).nullable().default(null),
});
export type UseCaseInput = z.input<typeof UseCaseInputSchema>;

export const CopyUseCaseSchema = z.strictObject({
  /** The copy's name; "<name> (copy)" when left out. */
  name: z.string().trim().min(1).max(200).optional(),
});

export const UseCaseParamsSchema = z.strictObject({ id: z.uuid(), useCaseId: z.uuid() });
export const UseCaseSupplierParamsSchema = UseCaseParamsSchema.extend({
  supplierKey: z.string().min(1).max(100),
});

/**
 * Estimated annual value (business-case defaults, BUSINESS_CASE_DEFAULTS): rebate on the spend
 * expected to move to card plus the process savings of the payments moved off cheque and
 * transfer, with every input shown.
 */
export const UseCaseValueSchema = z.object({
  total: z.number(),
  rebate: z.number(),
  processSavings: z.number(),
  inputs: z.object({
    spend: z.number(),
    expectedEnrolment: z.number(),
    rebateRate: z.number(),
    spendToCard: z.number(),
    payments: z.array(
      z.object({
        method: z.string(),
        payments: z.number().int(),
        costPerPayment: z.number(),
        cardCostPerPayment: z.number(),
        saving: z.number(),
      }),
    ),
  }),
});

/** SPEC §3 risk level with the reasons that set it. */
export const UseCaseRiskSchema = z.object({
  level: RiskLevelSchema,
  reasons: z.array(z.string()),
  lowConfidenceShare: z.number(),
  unmatchedShare: z.number(),
  /** Share of the suppliers without a contact e-mail (a risk reason except for Boost). */
  noContactShare: z.number(),
  largestSupplierShare: z.number(),
});
export type UseCaseRisk = z.infer<typeof UseCaseRiskSchema>;

export const UseCaseFiguresSchema = z.object({
  suppliers: z.number().int(),
  /** Annual spend (annualSpend, or spend where no annual figure), in the currency's minor unit. */
  spend: z.number(),
  currency: z.string(),
  value: UseCaseValueSchema,
  risk: UseCaseRiskSchema,
});
export type UseCaseFigures = z.infer<typeof UseCaseFiguresSchema>;

export const UseCaseSchema = z.object({
  id: z.uuid(),
  jobId: z.uuid(),
  name: z.string(),
  description: z.string(),
  cardProduct: CardProductSchema,
  recommendedAction: z.string(),
  rule: UseCaseRuleSchema,
  templateKey: z.string().nullable(),
  createdBy: z.uuid().nullable(),
  createdByName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Whether the signed-in user may edit and delete it (its creator). */
  canChange: z.boolean(),
  figures: UseCaseFiguresSchema,
});
export type UseCase = z.infer<typeof UseCaseSchema>;

export const UseCaseListSchema = z.object({
  currency: z.string(),
  useCases: z.array(UseCaseSchema),
});
export type UseCaseList = z.infer<typeof UseCaseListSchema>;

/** One rule line checked against one supplier: its value and whether it passes. */
export const UseCaseRuleCheckSchema = z.object({
  index: z.number().int(),
  propertyName: z.string(),
  comparisonOperator: FilterItemSchema.shape.comparisonOperator,
  value: FilterItemSchema.shape.value,
  supplierValue: z.union([z.string(), z.number(), z.boolean(), z.null()]),
  passes: z.boolean(),
});

export const UseCaseTemplateSchema = z.object({
  key: z.string(),
  name: z.string(),
  description: z.string(),
  cardProduct: CardProductSchema,
  recommendedAction: z.string(),
  rule: UseCaseRuleSchema,
});

/** A supplier of the job checked against a use case's rule: why it is (or is not) in it. */
/**
 * Why a supplier is in no use case whatever its values: the issuer's exclude list names it, or
 * the issuer's include list does not (SPEC §3 hasSupplierExcludeList / hasSupplierIncludeList).
 */
export const SupplierLeftOutBySchema = z.enum(['IssuerExcludeList', 'IssuerIncludeList']);
export type SupplierLeftOutBy = z.infer<typeof SupplierLeftOutBySchema>;

export const UseCaseSupplierSchema = z.object({
  useCaseId: z.uuid(),
  useCaseName: z.string(),
  supplier: SupplierResultSchema,
  /** Every rule line passes and the issuer's supplier lists let the supplier in. */
  inUseCase: z.boolean(),
  leftOutBy: SupplierLeftOutBySchema.nullable(),
  checks: z.array(UseCaseRuleCheckSchema),
});
export type UseCaseSupplier = z.infer<typeof UseCaseSupplierSchema>;
