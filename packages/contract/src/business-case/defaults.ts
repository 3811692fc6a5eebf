import type { CardProduct } from '../analysis/enums.js';

/**
 * The business case's shipped defaults (DOMAIN "Business case"): what a use case's estimated value
 * is computed with. The business case issue makes these editable per issuer; until then every
 * issuer uses these. Amounts are per payment in the job's currency; rates are fractions.
 */
export const BUSINESS_CASE_DEFAULTS = {
  /** Annual rebate on card spend, per card product. */
  rebateRate: {
    Optima: 0.01,
    Stp: 0.008,
    Vcard: 0.012,
    Pcard: 0.01,
    TandEcard: 0.009,
    Scf: 0.004,
    InstantPay: 0.006,
    Boost: 0.011,
  } satisfies Record<CardProduct, number>,
  /**
   * Share of targeted suppliers expected to enrol (DOMAIN: self-service 30–40 %, managed
   * 60–80 %). The use case estimate takes the self-service figure: the cautious one.
   */
  expectedEnrolment: { selfService: 0.35, managed: 0.7 },
  /** Cost of one payment to the buyer, by payment method (cheque commonly 20). */
  costPerPayment: { Cheque: 20, ACH: 1.5, Wire: 15, Card: 0.5 },
  /** Annual cost of funds, for the working-capital benefit. */
  costOfFunds: 0.05,
} as const;

/** Payment methods whose payments move to card when a supplier enrols. */
export const MOVABLE_PAYMENT_METHODS = ['Cheque', 'ACH', 'Wire'] as const;
