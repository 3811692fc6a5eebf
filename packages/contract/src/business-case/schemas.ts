import { z } from 'zod';
import type { CardProduct } from '../analysis/enums.js';
import { BUSINESS_CASE_DEFAULTS } from './defaults.js';

/**
 * The business case (DOMAIN "Business case", SPEC §2 jobs business-case-calculator): the inputs a
 * banker edits, the spend aggregates they are applied to, and saved scenarios. The calculation
 * itself is `calculate.ts`, the same code on the server and in the browser.
 */

/**
 * The card products a supplier is placed under, in SPEC §9 display order. Each supplier counts
 * once, under the product its best score is for (the scoring's Optima product), so the products
 * add up; Optima — the optimised mix across products — is their total.
 */
export const BUSINESS_CASE_PRODUCTS = [
  'Stp',
  'Vcard',
  'Pcard',
  'TandEcard',
  'Scf',
  'InstantPay',
  'Boost',
] as const satisfies readonly CardProduct[];
export type BusinessCaseProduct = (typeof BUSINESS_CASE_PRODUCTS)[number];
export const BusinessCaseProductSchema = z.enum(BUSINESS_CASE_PRODUCTS);

export const SCORE_LEVELS = ['High', 'Medium', 'Low', 'None'] as const;
export const ScoreLevelSchema = z.enum(SCORE_LEVELS);
export type ScoreLevel = z.infer<typeof ScoreLevelSchema>;

/** A supplier's main payment method as the aggregates group it; Card spend is already on card. */
export const SPEND_METHODS = ['Cheque', 'ACH', 'Wire', 'Card', 'Other'] as const;
export const SpendMethodSchema = z.enum(SPEND_METHODS);
export type SpendMethod = z.infer<typeof SpendMethodSchema>;

/** Payment methods with a known cost per payment, whose payments moved to card save money. */
export const COSTED_METHODS = ['Cheque', 'ACH', 'Wire'] as const;

const number = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .refine(Number.isFinite, `${label} must be a number`);
const percentage = (label: string) =>
  number(label)
    .min(0, `${label} must be between 0 and 100 %`)
    .max(100, `${label} must be between 0 and 100 %`);
const ranged = (label: string, min: number, max: number, unit: string) =>
  number(label)
    .min(min, `${label} must be between ${min} and ${max}${unit}`)
    .max(max, `${label} must be between ${min} and ${max}${unit}`);
const days = (label: string) =>
  ranged(label, 0, 90, ' days').refine(Number.isInteger, `${label} must be whole days`);

/** Upper bound of an interchange or rebate rate, in % of card spend. */
export const MAX_CARD_RATE_PCT = 5;
/** Upper bound of a cost per payment, in the job's currency. */
export const MAX_COST_PER_PAYMENT = 1000;

export const ProductRatesSchema = z.strictObject({
  /** Whether the product is part of the case (an excluded product adds nothing to the total). */
  included: z.boolean(),
  /** Interchange the issuer earns on card spend, % of spend. */
  interchangePct: ranged('Interchange rate', 0, MAX_CARD_RATE_PCT, ' %'),
  /** Rebate paid to the buyer out of it, % of spend. */
  rebatePct: ranged('Rebate rate', 0, MAX_CARD_RATE_PCT, ' %'),
});
export type ProductRates = z.infer<typeof ProductRatesSchema>;

const productRates = {
  Stp: ProductRatesSchema,
  Vcard: ProductRatesSchema,
  Pcard: ProductRatesSchema,
  TandEcard: ProductRatesSchema,
  Scf: ProductRatesSchema,
  InstantPay: ProductRatesSchema,
  Boost: ProductRatesSchema,
} satisfies Record<BusinessCaseProduct, typeof ProductRatesSchema>;

/** The assumptions of a case: what an issuer keeps as its defaults and a scenario overrides. */
export const BusinessCaseAssumptionsSchema = z
  .strictObject({
    /** Share of the spend that can move which is on card in years 1, 2 and 3 (%). */
    adoptionPct: z.tuple([
      percentage('Adoption in year 1'),
      percentage('Adoption in year 2'),
      percentage('Adoption in year 3'),
    ]),
    products: z.strictObject(productRates),
    /** Cost to the buyer of one payment, by method, in the job's currency. */
    costPerPayment: z.strictObject({
      Cheque: ranged('Cost per cheque', 0, MAX_COST_PER_PAYMENT, ''),
      ACH: ranged('Cost per ACH transfer', 0, MAX_COST_PER_PAYMENT, ''),
      Wire: ranged('Cost per wire', 0, MAX_COST_PER_PAYMENT, ''),
      Card: ranged('Cost per card payment', 0, MAX_COST_PER_PAYMENT, ''),
    }),
    billingCycleDays: days('Billing cycle'),
    gracePeriodDays: days('Grace period'),
    costOfFundsPct: ranged('Cost of funds', 0, 30, ' %'),
  })
  .superRefine((a, ctx) => {
    for (const product of BUSINESS_CASE_PRODUCTS) {
      const rates = a.products[product];
      if (rates.rebatePct > rates.interchangePct) {
        ctx.addIssue({
          code: 'custom',
          path: ['products', product, 'rebatePct'],
          message: 'Rebate rate cannot exceed the interchange rate it is paid from',
        });
      }
    }
  });
export type BusinessCaseAssumptions = z.infer<typeof BusinessCaseAssumptionsSchema>;

/** Which suppliers' spend can move: by score level, a use case's suppliers, or chosen ones. */
export const SpendSourceSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('scoreLevel'),
    levels: z.array(ScoreLevelSchema).min(1, 'Choose at least one score level').max(4),
  }),
  z.strictObject({ kind: z.literal('useCase'), useCaseId: z.uuid() }),
  z.strictObject({
    kind: z.literal('suppliers'),
    supplierKeys: z
      .array(z.string().trim().min(1).max(200))
      .min(1, 'Choose at least one supplier')
      .max(5000, 'Choose at most 5000 suppliers'),
  }),
]);
export type SpendSource = z.infer<typeof SpendSourceSchema>;

export const BusinessCaseInputsSchema = z.strictObject({
  years: z
    .number({ error: 'Years must be a number' })
    .int('Years must be 1, 2 or 3')
    .min(1, 'Years must be 1, 2 or 3')
    .max(3, 'Years must be 1, 2 or 3'),
  source: SpendSourceSchema,
  assumptions: BusinessCaseAssumptionsSchema,
});
export type BusinessCaseInputs = z.infer<typeof BusinessCaseInputsSchema>;

/** One aggregate of a job's suppliers: product × score level × main payment method. */
export const SpendCellSchema = z.object({
  product: BusinessCaseProductSchema,
  level: ScoreLevelSchema,
  method: SpendMethodSchema,
  suppliers: z.number().int(),
  /** Yearly spend (annual spend, or spend where none is given), unrounded. */
  spend: z.number(),
  payments: z.number(),
});
export type SpendCell = z.infer<typeof SpendCellSchema>;

/** The aggregates the calculation runs on: at most 140 cells, never the supplier rows. */
export const SpendAggregatesSchema = z.object({
  jobId: z.uuid(),
  currency: z.string(),
  source: SpendSourceSchema,
  cells: z.array(SpendCellSchema),
  /** Suppliers of the source without a scored product (they cannot be placed under one). */
  unscoredSuppliers: z.number().int(),
});
export type SpendAggregates = z.infer<typeof SpendAggregatesSchema>;

export const BusinessCaseScenarioSchema = z.object({
  id: z.uuid(),
  jobId: z.uuid(),
  name: z.string(),
  inputs: BusinessCaseInputsSchema,
  createdBy: z.uuid().nullable(),
  createdByName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  canChange: z.boolean(),
});
export type BusinessCaseScenario = z.infer<typeof BusinessCaseScenarioSchema>;

const scenarioName = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(200, 'Name must be at most 200 characters');
export const BusinessCaseScenarioInputSchema = z.strictObject({
  name: scenarioName,
  inputs: BusinessCaseInputsSchema,
});
export type BusinessCaseScenarioInput = z.infer<typeof BusinessCaseScenarioInputSchema>;
export const CopyBusinessCaseScenarioSchema = z.strictObject({ name: scenarioName.optional() });

/** What the calculator opens with: the job, the issuer's defaults and the job's scenarios. */
export const BusinessCaseContextSchema = z.object({
  jobId: z.uuid(),
  jobName: z.string(),
  status: z.string(),
  currency: z.string(),
  issuerId: z.uuid(),
  issuerName: z.string(),
  defaults: BusinessCaseAssumptionsSchema,
  /** 'issuer' when the issuer saved its own defaults, else the shipped ones. */
  defaultsSource: z.enum(['issuer', 'shipped']),
  defaultsUpdatedAt: z.string().nullable(),
  canEditDefaults: z.boolean(),
  scenarios: z.array(BusinessCaseScenarioSchema),
});
export type BusinessCaseContext = z.infer<typeof BusinessCaseContextSchema>;

export const BusinessCaseScenarioParamsSchema = z.strictObject({
  id: z.uuid(),
  scenarioId: z.uuid(),
});
export const BusinessCaseWorkbookQuerySchema = z.strictObject({
  scenarioId: z.uuid().optional(),
});

/** Industry enrolment benchmarks (DOMAIN "Use cases and campaigns"), shown as hints. */
export const ENROLMENT_BENCHMARKS = {
  selfService: { low: 30, high: 40 },
  managed: { low: 60, high: 80 },
} as const;

const pct = (fraction: number) => Math.round(fraction * 100000) / 1000;

/** The shipped assumptions, from BUSINESS_CASE_DEFAULTS (interchange: rebate plus a margin). */
export const SHIPPED_ASSUMPTIONS: BusinessCaseAssumptions = {
  adoptionPct: [
    pct(BUSINESS_CASE_DEFAULTS.expectedEnrolment.selfService),
    50,
    pct(BUSINESS_CASE_DEFAULTS.expectedEnrolment.managed),
  ],
  products: Object.fromEntries(
    BUSINESS_CASE_PRODUCTS.map((p) => [
      p,
      {
        included: true,
        interchangePct: pct(BUSINESS_CASE_DEFAULTS.rebateRate[p] + 0.006),
        rebatePct: pct(BUSINESS_CASE_DEFAULTS.rebateRate[p]),
      },
    ]),
  ) as Record<BusinessCaseProduct, ProductRates>,
  costPerPayment: { ...BUSINESS_CASE_DEFAULTS.costPerPayment },
  billingCycleDays: 30,
  gracePeriodDays: 25,
  costOfFundsPct: pct(BUSINESS_CASE_DEFAULTS.costOfFunds),
};

/**
 * The supplier picker of "Chosen suppliers" (SPEC §2 business-case-calculator, the spend "chosen
 * by … supplier selection"): the job's suppliers whose name, key or id holds `search` (the
 * biggest spend first, at most `limit`), or — with `keys` — those suppliers, to name the ones a
 * saved scenario chose.
 */
export const BusinessCaseSupplierSearchSchema = z.strictObject({
  search: z.string().trim().max(200, 'Search must be at most 200 characters').default(''),
  keys: z
    .array(z.string().trim().min(1).max(200))
    .max(5000, 'Choose at most 5000 suppliers')
    .optional(),
  limit: z.number().int().min(1).max(100).default(25),
});
export type BusinessCaseSupplierSearch = z.input<typeof BusinessCaseSupplierSearchSchema>;

export const BusinessCaseSupplierOptionSchema = z.object({
  supplierKey: z.string(),
  supplierName: z.string(),
  country: z.string().nullable(),
  product: BusinessCaseProductSchema.nullable(),
  level: ScoreLevelSchema,
  /** Yearly spend (annual spend, or spend where none is given). */
  spend: z.number(),
});
export type BusinessCaseSupplierOption = z.infer<typeof BusinessCaseSupplierOptionSchema>;

export const BusinessCaseSupplierOptionsSchema = z.object({
  suppliers: z.array(BusinessCaseSupplierOptionSchema),
  /** More suppliers match than were sent. */
  more: z.boolean(),
});
export type BusinessCaseSupplierOptions = z.infer<typeof BusinessCaseSupplierOptionsSchema>;
