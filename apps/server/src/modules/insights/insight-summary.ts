import {
  CARD_PRODUCT_DISPLAY_ORDER,
  CARD_PRODUCT_INFO,
  CardAcceptanceSchema,
  LevelSchema,
  MatchStatusSchema,
  roundMoney,
  type JobSummary,
} from '@b2b/contract';

/** A ratio of two figures, or null without a denominator (an average of nothing). */
const share = (a: number, b: number) => (b > 0 ? a / b : null);
const percent = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 1000) / 10 : 0);

/** An average amount (spend per PO, per supplier…) in the currency's minor unit; null of nothing. */
export function averageMoney(spend: number, count: number, currency: string): number | null {
  const value = share(spend, count);
  return value === null ? null : roundMoney(value, currency);
}

type Figures = { suppliers: number; spend: number };
type TotalFigures = Figures & { pos: number; invoices: number; payments: number };
type BucketFigures = Figures & { bucket: string };

/** What the summary tab is built from: one job's stored bars, or bars summed across jobs. */
export type SummaryBars = {
  /** The slice's Totals bar; undefined when the slice holds no supplier. */
  total: TotalFigures | undefined;
  jobCount: number;
  organizations: number;
  perProduct: readonly (Figures & { product: string })[];
  /** The slice's MatchStatus bars (MATCHED / UNMATCHED). */
  matchStatus: readonly BucketFigures[];
  /** The slice's CardAcceptance bars (YES / NO / UNKNOWN among the matched). */
  cardAcceptance: readonly BucketFigures[];
  confidence: readonly BucketFigures[];
};

/**
 * The summary tab's figures (SPEC §3 job summary tiles, spend per card product, match outcome,
 * confidence, card acceptance), the same for a job's insights and for global insights. The match
 * outcome counts match status only; card acceptance is its own breakdown of the matched
 * suppliers, and the gauge is the share of all spend with merchants known to accept cards.
 * Money is rounded here, where it is answered, to the currency's minor unit (ISO 4217).
 */
export function buildSummary(
  bars: SummaryBars,
  currency: string,
): Pick<JobSummary, 'tiles' | 'spendByProduct' | 'matchOutcome' | 'confidence' | 'cardAcceptance'> {
  const { total } = bars;
  const money = (amount: number) => roundMoney(amount, currency);
  const bucket = (rows: readonly BucketFigures[], key: string) => {
    const row = rows.find((r) => r.bucket === key);
    return { suppliers: row?.suppliers ?? 0, spend: money(row?.spend ?? 0) };
  };
  const accepting = bars.cardAcceptance.find((r) => r.bucket === 'YES');
  return {
    tiles: {
      jobCount: bars.jobCount,
      suppliers: total?.suppliers ?? 0,
      organizations: bars.organizations,
      spend: money(total?.spend ?? 0),
      pos: total?.pos ?? 0,
      invoices: total?.invoices ?? 0,
      payments: total?.payments ?? 0,
      averages: {
        APOV: total ? averageMoney(total.spend, total.pos, currency) : null,
        AIV: total ? averageMoney(total.spend, total.invoices, currency) : null,
        APV: total ? averageMoney(total.spend, total.payments, currency) : null,
      },
    },
    spendByProduct: CARD_PRODUCT_DISPLAY_ORDER.map((product) => {
      const row = bars.perProduct.find((r) => r.product === product);
      return {
        product,
        name: CARD_PRODUCT_INFO[product].name,
        suppliers: row?.suppliers ?? 0,
        spend: money(row?.spend ?? 0),
      };
    }),
    matchOutcome: MatchStatusSchema.options.map((status) => ({
      status,
      ...bucket(bars.matchStatus, status),
    })),
    confidence: LevelSchema.options.map((level) => ({
      level,
      ...bucket(bars.confidence, level),
    })),
    cardAcceptance: {
      spendPercent: percent(accepting?.spend ?? 0, total?.spend ?? 0),
      supplierPercent: percent(accepting?.suppliers ?? 0, total?.suppliers ?? 0),
      matched: CardAcceptanceSchema.options.map((acceptsCard) => ({
        acceptsCard,
        ...bucket(bars.cardAcceptance, acceptsCard),
      })),
    },
  };
}
