import { z } from 'zod';
import {
  BandChartSchema,
  CardProductSchema,
  ChartKindSchema,
  LevelSchema,
  MatchStatusSchema,
  SLICERS,
  SlicerSchema,
} from '../analysis/enums.js';

/**
 * Job insights (SPEC §2 summary and insights tabs): computed once by the pipeline's last step and stored per job, so that
 * the summary and insights screens read small aggregates instead of the supplier data.
 */

/** 'All' = every supplier; a card product = the suppliers scoring Medium or High for it. */
export const InsightProductSchema = z.union([z.literal('All'), CardProductSchema]);
export type InsightProduct = z.infer<typeof InsightProductSchema>;

export const InsightChartSchema = z.union([ChartKindSchema, BandChartSchema]);
export type InsightChart = z.infer<typeof InsightChartSchema>;

/** The slice fields, shared with global insights (which add their job filters). */
export const insightSliceFields = {
  slicer: SlicerSchema.default('Overall'),
  slicerValue: z.string().max(40).default('All'),
  product: InsightProductSchema.default('All'),
};
export const isSlicerValue = (q: { slicer: z.infer<typeof SlicerSchema>; slicerValue: string }) =>
  q.slicer === 'Overall'
    ? q.slicerValue === 'All'
    : (SLICERS[q.slicer] as readonly string[]).includes(q.slicerValue);
export const slicerValueIssue = {
  path: ['slicerValue'],
  message:
    'Not a value of the slicer: Overall takes All, the others the values of SPEC.md section 3',
};

/** Which slice of a job's suppliers: a slicer value (Overall → 'All') and a product. */
export const InsightSliceQuerySchema = z
  .strictObject(insightSliceFields)
  .refine(isSlicerValue, slicerValueIssue);
export type InsightSliceQuery = z.infer<typeof InsightSliceQuerySchema>;

export const InsightChartQuerySchema = z
  .strictObject({ ...insightSliceFields, chart: InsightChartSchema })
  .refine(isSlicerValue, slicerValueIssue);
export type InsightChartQuery = z.infer<typeof InsightChartQuerySchema>;

const averages = z.object({
  /** Average PO value (APOV), invoice value (AIV) and payment value (APV); null without any. */
  APOV: z.number().nullable(),
  AIV: z.number().nullable(),
  APV: z.number().nullable(),
});

/** The summary tiles of SPEC.md section 3 for one slice. */
export const InsightTilesSchema = z.object({
  jobCount: z.number().int(),
  suppliers: z.number().int(),
  organizations: z.number().int(),
  spend: z.number(),
  pos: z.number().int(),
  invoices: z.number().int(),
  payments: z.number().int(),
  averages,
});

/** Spend of the suppliers each card product applies to, in the display order of SPEC.md. */
export const ProductSpendSchema = z.object({
  product: CardProductSchema,
  name: z.string(),
  suppliers: z.number().int(),
  spend: z.number(),
});

/** Whether a matched supplier's merchant accepts cards, as the reference data says. */
export const CardAcceptanceSchema = z.enum(['YES', 'NO', 'UNKNOWN']);
export type CardAcceptance = z.infer<typeof CardAcceptanceSchema>;

export const JobSummarySchema = z.object({
  jobId: z.uuid(),
  currency: z.string(),
  computedAt: z.string(),
  tiles: InsightTilesSchema,
  spendByProduct: z.array(ProductSpendSchema),
  /** Suppliers and spend by match status (MATCHED / UNMATCHED), whatever the merchant accepts. */
  matchOutcome: z.array(
    z.object({ status: MatchStatusSchema, suppliers: z.number().int(), spend: z.number() }),
  ),
  confidence: z.array(
    z.object({ level: LevelSchema, suppliers: z.number().int(), spend: z.number() }),
  ),
  /**
   * Card acceptance, apart from the match outcome: the half-pie gauge's share of all spend (and
   * of all suppliers) with matched suppliers whose merchant accepts cards, 0–100, and the matched
   * suppliers by whether their merchant accepts cards (the reference data may not say: UNKNOWN).
   */
  cardAcceptance: z.object({
    spendPercent: z.number(),
    supplierPercent: z.number(),
    matched: z.array(
      z.object({
        acceptsCard: CardAcceptanceSchema,
        suppliers: z.number().int(),
        spend: z.number(),
      }),
    ),
  }),
  /** The charts this job's data cannot fill, with the reason shown instead of zeros. */
  unavailableCharts: z.array(z.object({ chart: InsightChartSchema, reason: z.string() })),
});
export type JobSummary = z.infer<typeof JobSummarySchema>;

export const InsightBarSchema = z.object({
  key: z.string(),
  label: z.string(),
  /** The chart's measure: spend for most charts; for band charts the band chart's own. */
  value: z.number(),
  suppliers: z.number().int(),
  spend: z.number(),
  pos: z.number().int(),
  invoices: z.number().int(),
  payments: z.number().int(),
  documents: z.number().int(),
  /** Invoice payment terms: average agreed and actual days to pay of the bar's suppliers. */
  avgTermsDays: z.number().nullable(),
  avgDaysToPay: z.number().nullable(),
});
export type InsightBar = z.infer<typeof InsightBarSchema>;

export const InsightChartDataSchema = z.object({
  chart: InsightChartSchema,
  slicer: SlicerSchema,
  slicerValue: z.string(),
  product: InsightProductSchema,
  /** What `value` measures: 'spend', 'suppliers', 'documents', 'averageSpend' or 'averageDocumentValue'. */
  measure: z.enum(['spend', 'suppliers', 'documents', 'averageSpend', 'averageDocumentValue']),
  available: z.boolean(),
  /** Why the chart cannot be drawn for this job (its data lacks the dimension). */
  reason: z.string().nullable(),
  /** Ordered for display: natural order for bands, frequencies and terms; else by spend. */
  bars: z.array(InsightBarSchema),
});
export type InsightChartData = z.infer<typeof InsightChartDataSchema>;

/** The slicer values that hold suppliers in this job, with their counts (the slicer selector). */
export const InsightSlicersSchema = z.array(
  z.object({
    slicer: SlicerSchema,
    values: z.array(
      z.object({ value: z.string(), suppliers: z.number().int(), spend: z.number() }),
    ),
  }),
);
export type InsightSlicers = z.infer<typeof InsightSlicersSchema>;

/** Chart constants of SPEC.md section 9. */
export const INSIGHT_CHART_LIMITS = {
  /** 'By Job' shows the top 1000 jobs. */
  byJobTop: 1000,
  /** The multi-axis chart switches to its large-dataset mode above this many bars. */
  largeDatasetBars: 1300,
  /** The most bars a chart draws (SPEC.md: "about 4317"). */
  maxBars: 4317,
  tooltipEnterDelayMs: 300,
  /** The half-pie gauge's arc, in degrees either side of straight up. */
  halfPieArc: { from: -105, to: 105 },
} as const;

/** Value-axis grid lines for a chart of this width (SPEC.md: 2 below 165, 3 to 190, 4 above). */
export function axisGridCount(widthPx: number): 2 | 3 | 4 {
  if (widthPx < 165) return 2;
  if (widthPx <= 190) return 3;
  return 4;
}
