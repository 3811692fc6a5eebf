import {
  CARD_PRODUCT_DISPLAY_ORDER,
  CARD_PRODUCT_INFO,
  LevelSchema,
  type JobSummary,
} from '@b2b/contract';

/** Two decimals, or null without a denominator (an average of nothing). */
export const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 100) / 100 : null);
const percent = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 1000) / 10 : 0);

type Figures = { suppliers: number; spend: number };
type TotalFigures = Figures & { pos: number; invoices: number; payments: number };

/** What the summary tab is built from: one job's stored bars, or bars summed across jobs. */
export type SummaryBars = {
  /** The slice's Totals bar; undefined when the slice holds no supplier. */
  total: TotalFigures | undefined;
  jobCount: number;
  organizations: number;
  perProduct: readonly (Figures & { product: string })[];
  matched: Figures | undefined;
  unmatched: Figures | undefined;
  confidence: readonly (Figures & { bucket: string })[];
};

/**
 * The summary tab's figures (SPEC §3 job summary tiles, spend per card product, match outcome,
 * confidence, card acceptance), the same for a job's insights and for global insights.
 */
export function buildSummary(
  bars: SummaryBars,
): Pick<JobSummary, 'tiles' | 'spendByProduct' | 'matchOutcome' | 'confidence' | 'cardAcceptance'> {
  const { total, matched, unmatched } = bars;
  const allSpend = (matched?.spend ?? 0) + (unmatched?.spend ?? 0);
  const allSuppliers = (matched?.suppliers ?? 0) + (unmatched?.suppliers ?? 0);
  return {
    tiles: {
      jobCount: bars.jobCount,
      suppliers: total?.suppliers ?? 0,
      organizations: bars.organizations,
      spend: total?.spend ?? 0,
      pos: total?.pos ?? 0,
      invoices: total?.invoices ?? 0,
      payments: total?.payments ?? 0,
      averages: {
        APOV: total ? ratio(total.spend, total.pos) : null,
        AIV: total ? ratio(total.spend, total.invoices) : null,
        APV: total ? ratio(total.spend, total.payments) : null,
      },
    },
    spendByProduct: CARD_PRODUCT_DISPLAY_ORDER.map((product) => {
      const row = bars.perProduct.find((r) => r.product === product);
      return {
        product,
        name: CARD_PRODUCT_INFO[product].name,
        suppliers: row?.suppliers ?? 0,
        spend: row?.spend ?? 0,
      };
    }),
    matchOutcome: [
      { status: 'MATCHED', suppliers: matched?.suppliers ?? 0, spend: matched?.spend ?? 0 },
      { status: 'UNMATCHED', suppliers: unmatched?.suppliers ?? 0, spend: unmatched?.spend ?? 0 },
    ],
    confidence: LevelSchema.options.map((level) => {
      const row = bars.confidence.find((r) => r.bucket === level);
      return { level, suppliers: row?.suppliers ?? 0, spend: row?.spend ?? 0 };
    }),
    cardAcceptance: {
      spendPercent: percent(matched?.spend ?? 0, allSpend),
      supplierPercent: percent(matched?.suppliers ?? 0, allSuppliers),
    },
  };
}
