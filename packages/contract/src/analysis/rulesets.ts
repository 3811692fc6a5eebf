import { z } from 'zod';
import { CardProductSchema, LevelSchema, MatchStatusSchema } from './enums.js';

/* ------------------------------------------------------------------------------------------ */
/* Confidence ruleset: field evidence of a supplier → merchant match → None/Low/Medium/High.   */
/* ------------------------------------------------------------------------------------------ */

/** The evidence the matcher records for a supplier's best candidate. */
export const MATCH_EVIDENCE_FIELDS = {
  nameScore: { kind: 'number', label: 'Name similarity (best of the measures below)' },
  nameJaroWinkler: { kind: 'number', label: 'Name Jaro-Winkler' },
  nameTokenScore: { kind: 'number', label: 'Name token-set similarity' },
  dbaNameScore: { kind: 'number', label: 'Similarity to the DBA (trading) name' },
  taxIdMatch: { kind: 'boolean', label: 'Tax id / company number equal' },
  postcodeMatch: { kind: 'boolean', label: 'Postcode equal' },
  postcodeAreaMatch: { kind: 'boolean', label: 'Postcode area equal' },
  addressScore: { kind: 'number', label: 'Street address similarity' },
  cityScore: { kind: 'number', label: 'City similarity' },
  sameNameCount: { kind: 'number', label: 'Merchants in the country with this name' },
  runnerUpGap: { kind: 'number', label: 'Lead over the next-best candidate' },
  candidateCount: { kind: 'number', label: 'Candidates compared' },
  matchWeight: { kind: 'number', label: 'Match weight (log2 odds; match model only)' },
  weightGap: {
    kind: 'number',
    label: 'Lead in match weight over the next-best merchant entity (match model only)',
  },
} as const;
export type MatchEvidenceField = keyof typeof MATCH_EVIDENCE_FIELDS;
export const MatchEvidenceFieldSchema = z.enum(
  Object.keys(MATCH_EVIDENCE_FIELDS) as [MatchEvidenceField, ...MatchEvidenceField[]],
);

/**
 * One condition on one evidence field. A number condition holds when the value is known and within
 * [min, max]; a boolean condition holds when the value (true, false or null = unknown) is listed.
 */
export const ConfidenceConditionSchema = z.union([
  z.strictObject({
    field: MatchEvidenceFieldSchema,
    min: z.number().optional(),
    max: z.number().optional(),
  }),
  z.strictObject({
    field: MatchEvidenceFieldSchema,
    in: z.array(z.boolean().nullable()).min(1),
  }),
]);
export type ConfidenceCondition = z.infer<typeof ConfidenceConditionSchema>;

export const ConfidenceRuleSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/),
  /** `None` rules are vetoes: the first rule that holds decides. */
  level: LevelSchema,
  description: z.string(),
  conditions: z.array(ConfidenceConditionSchema).min(1),
});
export type ConfidenceRule = z.infer<typeof ConfidenceRuleSchema>;

/**
 * The comparisons of the match model (Fellegi–Sunter) and their levels, best first. A pair whose
 * value is missing on either side is not compared (weight 0) and has no level here.
 */
export const MATCH_COMPARISONS = {
  name: {
    label: 'Name',
    levels: {
      exact: 'Equal after normalisation',
      truncation: 'A card descriptor cut short: one name starts the other',
      sameWords: 'The same words, misspelt, run together or in another order',
      veryHigh: 'Nearly equal (similarity at least 0.95)',
      high: 'Close (similarity at least 0.88)',
      fair: 'Alike (similarity at least 0.75)',
      different: 'Different',
    },
  },
  taxId: { label: 'Tax id / company number', levels: { equal: 'Equal', different: 'Different' } },
  postcode: {
    label: 'Postcode',
    levels: { equal: 'Equal', area: 'Same area, other postcode', different: 'Different' },
  },
  city: {
    label: 'City',
    levels: { equal: 'Equal', similar: 'Similar', different: 'Different' },
  },
  address: {
    label: 'Street address',
    levels: { equal: 'Equal', similar: 'Similar', different: 'Different' },
  },
  country: { label: 'Country', levels: { equal: 'Equal', different: 'Different' } },
  /** Compared only when the file gave the supplier no country: most are in the job's own. */
  jobCountry: {
    label: "The job's country (the file gave none)",
    levels: { equal: "In the job's country", different: 'In another country' },
  },
  mcc: {
    label: 'Merchant category (MCC)',
    levels: { equal: 'Equal', group: 'Same category group', different: 'Different' },
  },
  /**
   * The legal form ending each name ("Ltd" = "Limited"): namesakes often differ only by it
   * ("Bridge Tyres" the sole trader, "Bridge Tyres Ltd" the company). Not compared when the
   * merchant's record may be a descriptor cut short, which loses the form.
   */
  legalForm: {
    label: 'Legal form',
    levels: {
      equal: 'The same legal form',
      oneSide: 'Only one name gives a legal form',
      different: 'Different legal forms',
    },
  },
} as const;
export type MatchComparison = keyof typeof MATCH_COMPARISONS;
export type MatchComparisonLevel<C extends MatchComparison = MatchComparison> =
  keyof (typeof MATCH_COMPARISONS)[C]['levels'];

/** The label of a comparison not made: the value is missing on either side (weight 0). */
export const MATCH_LEVEL_NOT_COMPARED = 'Not compared: missing on one side';

const probability = z.number().gt(0).lte(1);
const LevelParametersSchema = z.strictObject({
  /** P(level | the pair is the same business). */
  m: probability,
  /** P(level | the pair is not the same business). */
  u: probability,
});

/**
 * Levels added after rulesets were stored: a ruleset without one still parses, and its pairs
 * take the next level down (`sameWords` → `veryHigh`, confidence ruleset version 3).
 */
export const OPTIONAL_MATCH_LEVELS: Partial<
  Record<MatchComparison, readonly OptionalMatchLevel[]>
> = { name: ['sameWords'] };
type OptionalMatchLevel = 'sameWords';

function comparisonSchema<C extends MatchComparison>(comparison: C) {
  const levels = Object.keys(MATCH_COMPARISONS[comparison].levels);
  const optional: readonly string[] = OPTIONAL_MATCH_LEVELS[comparison] ?? [];
  const shape = Object.fromEntries(
    levels.map((l) => [
      l,
      optional.includes(l) ? LevelParametersSchema.optional() : LevelParametersSchema,
    ]),
  ) as {
    [L in MatchComparisonLevel<C> & string]: L extends OptionalMatchLevel
      ? z.ZodOptional<typeof LevelParametersSchema>
      : typeof LevelParametersSchema;
  };
  return z
    .strictObject({
      levels: z.strictObject(shape),
      /** Weigh an equal value by its own frequency (a common name is weaker evidence). */
      termFrequency: z.boolean().default(false),
    })
    .superRefine((value, ctx) => {
      const params = Object.values(value.levels) as { m: number; u: number }[];
      for (const key of ['m', 'u'] as const) {
        const sum = params.reduce((total, p) => total + p[key], 0);
        if (Math.abs(sum - 1) > 0.02)
          ctx.addIssue({
            code: 'custom',
            path: ['levels'],
            message: `The ${key} probabilities of the ${comparison} levels must add up to 1 (they add up to ${Number(sum.toFixed(4))}).`,
          });
      }
    });
}

/**
 * The match model: the sum of each comparison's weight log2(m/u) and the prior's log2 odds gives
 * a candidate's match weight; the thresholds turn the best candidate's weight into a level.
 */
export const MatchModelSchema = z.strictObject({
  /** Prior probability that a compared candidate pair is the same business. */
  priorMatchProbability: z.number().gt(0).lt(1),
  thresholds: z
    .strictObject({ high: z.number(), medium: z.number(), low: z.number() })
    .superRefine((t, ctx) => {
      if (!(t.high > t.medium))
        ctx.addIssue({ code: 'custom', path: ['medium'], message: 'Must be below high.' });
      if (!(t.medium > t.low))
        ctx.addIssue({ code: 'custom', path: ['low'], message: 'Must be below medium.' });
    }),
  comparisons: z.strictObject({
    name: comparisonSchema('name'),
    taxId: comparisonSchema('taxId').optional(),
    postcode: comparisonSchema('postcode').optional(),
    city: comparisonSchema('city').optional(),
    address: comparisonSchema('address').optional(),
    country: comparisonSchema('country').optional(),
    jobCountry: comparisonSchema('jobCountry').optional(),
    mcc: comparisonSchema('mcc').optional(),
    legalForm: comparisonSchema('legalForm').optional(),
  }),
  estimation: z.strictObject({
    /** Estimate u from random supplier–merchant pairs of the job (else the values above). */
    estimateU: z.boolean(),
    randomPairs: z.number().int().min(1000).max(1_000_000),
    /** Estimate m by expectation-maximisation on the job's candidate pairs and people's decisions. */
    estimateM: z.boolean(),
    /** Fewer candidate pairs than this: keep the m values above. */
    minCandidatePairs: z.number().int().min(1),
    maxIterations: z.number().int().min(1).max(200),
    /** How many pairs' worth of weight the m values above carry against the job's own data. */
    priorStrength: z.number().nonnegative(),
  }),
  /** Applied after the thresholds: when a cap's conditions hold, the level is at most the cap's. */
  caps: z.array(ConfidenceRuleSchema),
});
export type MatchModel = z.infer<typeof MatchModelSchema>;

const rulesetBase = {
  kind: z.literal('confidence'),
  version: z.number().int().positive(),
  name: z.string().min(1),
  description: z.string().default(''),
  /** The lowest confidence level that counts as MATCHED (Card Accepting and the slicers). */
  matchedFrom: z.enum(['Low', 'Medium', 'High']),
  blocking: z.strictObject({
    /** Name tokens found in more merchants than this (per country) do not form blocks. */
    maxTokenFrequency: z.number().int().positive(),
    /** The same for pairs of name tokens ("smith plumbing"). */
    maxTokenPairFrequency: z.number().int().positive(),
    /** Blocks (postcode, name prefix) bigger than this are skipped. */
    maxBlockSize: z.number().int().positive(),
    /** Candidates per supplier kept for the detailed comparison. */
    maxCandidatesPerSupplier: z.number().int().min(1).max(50),
  }),
};

/** Decides with ordered rules: the first rule that holds gives the level (version 1's way). */
export const RuleConfidenceRulesetSchema = z.strictObject({
  ...rulesetBase,
  method: z.literal('rules'),
  /** Weights of the ranking score that picks the best candidate. */
  weights: z.strictObject({
    name: z.number().nonnegative(),
    address: z.number().nonnegative(),
    city: z.number().nonnegative(),
    postcode: z.number().nonnegative(),
    taxId: z.number().nonnegative(),
  }),
  rules: z.array(ConfidenceRuleSchema).min(1),
});

/** Decides with the match model's weight, on merchant entities. */
export const ModelConfidenceRulesetSchema = z.strictObject({
  ...rulesetBase,
  method: z.literal('model'),
  model: MatchModelSchema,
});

const uniqueIds = (items: { id: string }[]) =>
  new Set(items.map((x) => x.id)).size === items.length;

export const ConfidenceRulesetSchema = z
  .discriminatedUnion('method', [RuleConfidenceRulesetSchema, ModelConfidenceRulesetSchema])
  .superRefine((r, ctx) => {
    const [items, path] =
      r.method === 'rules' ? [r.rules, ['rules']] : [r.model.caps, ['model', 'caps']];
    if (!uniqueIds(items))
      ctx.addIssue({ code: 'custom', path, message: 'Rule ids must be unique.' });
  });
export type ConfidenceRuleset = z.infer<typeof ConfidenceRulesetSchema>;

const evidenceValue = z.union([z.number(), z.boolean(), z.null()]);

/**
 * One comparison's contribution to a match weight (Fellegi–Sunter): the level the pair reached on
 * that comparison and its weight, log2(m/u) — positive is evidence for the match, negative
 * against; `termFrequencyAdjusted` when a common value (a frequent name) was weighed by its
 * frequency instead of the average.
 */
export const MatchWeightStepSchema = z.object({
  comparison: z.string(),
  label: z.string(),
  level: z.string(),
  levelLabel: z.string(),
  weight: z.number(),
  termFrequencyAdjusted: z.boolean(),
});

/**
 * How the match model weighed the best candidate: the prior, one step per comparison, and the
 * total (prior + steps) with its probability; the waterfall on the supplier screen draws it.
 * `parameters` says whether m was estimated on the job's own data or the shipped values were used.
 */
export const MatchModelEvidenceSchema = z.object({
  priorWeight: z.number(),
  steps: z.array(MatchWeightStepSchema),
  matchWeight: z.number(),
  matchProbability: z.number(),
  parameters: z.enum(['estimated', 'shipped']),
});
export type MatchModelEvidence = z.infer<typeof MatchModelEvidenceSchema>;

/** The merchant entity (one business, several reference records) a candidate belongs to. */
export const MatchEntityEvidenceSchema = z.object({
  entityId: z.string(),
  recordCount: z.number().int(),
  descriptors: z.array(z.string()),
});

/** Why a supplier matched (or did not): kept with every match for the supplier screen. */
export const MatchEvidenceSchema = z.object({
  level: LevelSchema,
  matchStatus: MatchStatusSchema,
  source: z.enum(['computed', 'override', 'rejected']),
  ruleId: z.string().nullable(),
  merchantId: z.string().nullable(),
  rulesetVersion: z.number().int(),
  fields: z.partialRecord(MatchEvidenceFieldSchema, evidenceValue),
  compared: z.object({
    supplier: z.record(z.string(), z.string().nullable()),
    merchant: z.record(z.string(), z.string().nullable()),
  }),
  /** Present when the ruleset decides with the match model (not for rule-only rulesets). */
  model: MatchModelEvidenceSchema.nullable().optional(),
  entity: MatchEntityEvidenceSchema.nullable().optional(),
});
export type MatchEvidence = z.infer<typeof MatchEvidenceSchema>;

/** A person's decision on a supplier's match; it wins over the computed match and survives re-runs. */
export const MatchOverrideSchema = z.discriminatedUnion('decision', [
  z.strictObject({
    supplierKey: z.string().min(1),
    decision: z.literal('merchant'),
    merchantId: z.string().min(1),
  }),
  z.strictObject({ supplierKey: z.string().min(1), decision: z.literal('rejected') }),
]);
export type MatchOverride = z.infer<typeof MatchOverrideSchema>;

/* ------------------------------------------------------------------------------------------ */
/* Scoring ruleset: supplier features → eight card-product scores 0–100 and levels.            */
/* ------------------------------------------------------------------------------------------ */

export const SCORING_FEATURES = {
  matchStatus: { kind: 'category', label: 'Match status' },
  matchConfidence: { kind: 'category', label: 'Match confidence' },
  acceptsCard: { kind: 'boolean', label: 'Accepts card' },
  acceptsVirtualCard: { kind: 'boolean', label: 'Accepts virtual card' },
  stpEnrolled: { kind: 'boolean', label: 'STP enrolled' },
  dataLevel: { kind: 'number', label: 'Data level (1–3)' },
  mcc: { kind: 'number', label: 'MCC' },
  mccGroup: { kind: 'category', label: 'MCC group' },
  annualSpend: { kind: 'number', label: 'Annual spend' },
  spendBand: { kind: 'category', label: 'Spend band' },
  paymentCount: { kind: 'number', label: 'Payments a year' },
  paymentsPerMonth: { kind: 'number', label: 'Payments per active month' },
  averagePaymentValue: { kind: 'number', label: 'Average payment value' },
  paymentTermsDays: { kind: 'number', label: 'Agreed payment terms (days)' },
  actualDaysToPay: { kind: 'number', label: 'Actual days to pay' },
  daysBeyondTerms: { kind: 'number', label: 'Days paid beyond terms' },
  mainPaymentMethod: { kind: 'category', label: 'Main payment method' },
  country: { kind: 'category', label: 'Country (ISO3)' },
  isDomestic: { kind: 'boolean', label: 'Same country as the buyer' },
  monthsSinceLastTransaction: { kind: 'number', label: 'Months since last card transaction' },
  viaPaymentProcessor: { kind: 'boolean', label: 'Paid through a card processor (SQ *, PAYPAL *)' },
} as const;
export type ScoringFeature = keyof typeof SCORING_FEATURES;
export const ScoringFeatureSchema = z.enum(
  Object.keys(SCORING_FEATURES) as [ScoringFeature, ...ScoringFeature[]],
);

const scalar = z.union([z.string(), z.number(), z.boolean()]);
/** A test on one feature; every key given must hold. `missing: true` holds for unknown values. */
export const ScoringConditionSchema = z
  .strictObject({
    feature: ScoringFeatureSchema,
    equals: scalar.optional(),
    in: z.array(scalar).min(1).optional(),
    min: z.number().optional(),
    max: z.number().optional(),
    ranges: z
      .array(z.tuple([z.number(), z.number()]))
      .min(1)
      .optional(),
    missing: z.boolean().optional(),
  })
  .refine(
    (c) => ['equals', 'in', 'min', 'max', 'ranges', 'missing'].some((k) => k in c),
    'A condition needs equals, in, min, max, ranges or missing.',
  );
export type ScoringCondition = z.infer<typeof ScoringConditionSchema>;

export const ScoringFactorSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/),
  description: z.string(),
  when: z.array(ScoringConditionSchema).min(1),
  points: z.number().min(-100).max(100),
});

export const ProductScoringSchema = z.strictObject({
  base: z.number().min(0).max(100),
  /** Every gate must hold, else the product scores 0 with level None. */
  gates: z.array(ScoringConditionSchema).default([]),
  factors: z.array(ScoringFactorSchema),
});
export type ProductScoring = z.infer<typeof ProductScoringSchema>;

export const ScoredProductSchema = CardProductSchema.exclude(['Optima']);
export type ScoredProduct = z.infer<typeof ScoredProductSchema>;

export const ScoringRulesetSchema = z.strictObject({
  kind: z.literal('scoring'),
  version: z.number().int().positive(),
  name: z.string().min(1),
  description: z.string().default(''),
  /** Score ≥ high → High, ≥ medium → Medium, > 0 → Low, 0 → None. */
  levels: z
    .strictObject({ high: z.number().min(1).max(100), medium: z.number().min(1).max(100) })
    .refine((l) => l.high > l.medium, 'high must be above medium'),
  /** Spend bands in ascending order of their lower bound (job currency). */
  spendBands: z.array(z.strictObject({ label: z.string(), min: z.number() })).min(1),
  products: z.record(ScoredProductSchema, ProductScoringSchema),
  /** Optima: the best product for the supplier, or a weighted mix. */
  optima: z.discriminatedUnion('method', [
    z.strictObject({ method: z.literal('max') }),
    z.strictObject({
      method: z.literal('weighted'),
      weights: z.partialRecord(ScoredProductSchema, z.number().nonnegative()),
    }),
  ]),
});
export type ScoringRuleset = z.infer<typeof ScoringRulesetSchema>;

/** One factor's share of a score: "what drove it". */
export const ScoreContributionSchema = z.object({
  factorId: z.string(),
  description: z.string(),
  points: z.number(),
});
export type ScoreContribution = z.infer<typeof ScoreContributionSchema>;
