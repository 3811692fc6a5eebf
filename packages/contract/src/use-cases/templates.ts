import type { CardProduct } from '../analysis/enums.js';
import type { FilterItem } from '../common/paged-list.js';

/** A starting point for a use case: a rule over the supplier list's properties and its product. */
export type UseCaseTemplate = {
  key: string;
  name: string;
  description: string;
  cardProduct: CardProduct;
  recommendedAction: string;
  rule: { filters: FilterItem[] };
};

const f = (
  propertyName: string,
  comparisonOperator: FilterItem['comparisonOperator'],
  value: FilterItem['value'],
): FilterItem => ({ propertyName, comparisonOperator, value, allowNullValue: false });

/**
 * The shipped library of use-case templates, at least one per card product (DOMAIN "Use cases and
 * campaigns"). Property names are the supplier list's (SUPPLIER_RESULT_PROPERTIES), so a rule
 * shows the same suppliers as the suppliers tab with the same filters. The filters are AND-ed;
 * "paid by cheque or transfer" is written as every other payment method left out.
 */
export const USE_CASE_TEMPLATES: readonly UseCaseTemplate[] = [
  {
    key: 'vcard-accepting-paid-by-cheque-or-transfer',
    name: 'Accepts card, paid by cheque or transfer',
    description:
      'Suppliers that already accept cards but are still paid by cheque, ACH or wire: the easiest spend to move.',
    cardProduct: 'Vcard',
    recommendedAction: 'Move these payments to Virtual Card; no enrolment with an acquirer needed.',
    rule: {
      filters: [
        f('cardAccepting', 'Equal', 'MATCHED'),
        f('mainPaymentMethod', 'NotEqual', 'Card'),
        f('mainPaymentMethod', 'NotEqual', 'DirectDebit'),
        f('mainPaymentMethod', 'NotEqual', 'Cash'),
        f('mainPaymentMethod', 'NotEqual', 'Other'),
        f('mainPaymentMethod', 'NotEqual', 'Unknown'),
      ],
    },
  },
  {
    key: 'vcard-accepts-virtual-card',
    name: 'Accepts virtual card, high Virtual Card score',
    description: 'Suppliers known to take virtual card payments with a strong Virtual Card score.',
    cardProduct: 'Vcard',
    recommendedAction: 'Send virtual card payment instructions with the next remittance.',
    rule: {
      filters: [f('vcAccepting', 'Equal', 'YES'), f('vcardScore', 'GreaterThanOrEqual', 60)],
    },
  },
  {
    key: 'stp-high-score',
    name: 'High STP score',
    description:
      'Card-accepting suppliers whose acquirer set-up supports straight-through processing.',
    cardProduct: 'Stp',
    recommendedAction:
      'Enrol for straight-through processing: payments settle without a card number.',
    rule: {
      filters: [f('cardAccepting', 'Equal', 'MATCHED'), f('stpScore', 'GreaterThanOrEqual', 70)],
    },
  },
  {
    key: 'boost-not-accepting-high-spend',
    name: 'Not accepting, high spend',
    description:
      'Large suppliers that do not accept cards today: reachable through a virtual lockbox.',
    cardProduct: 'Boost',
    recommendedAction:
      'Route through the issuer’s virtual lockbox (Boost): the supplier is paid by its usual method.',
    rule: {
      filters: [
        f('cardAccepting', 'Equal', 'UNMATCHED'),
        f('annualSpend', 'GreaterThanOrEqual', 50000),
      ],
    },
  },
  {
    key: 'tande-travel-mccs',
    name: 'Travel and entertainment merchants',
    description:
      'Airlines, car rental and hotels (merchant category codes 3000–3999) with a T&E Card score.',
    cardProduct: 'TandEcard',
    recommendedAction: 'Move travel bookings to T&E cards or a lodged travel account.',
    rule: {
      filters: [f('mcc', 'StartsWith', '3'), f('tandEcardScore', 'GreaterThanOrEqual', 50)],
    },
  },
  {
    key: 'pcard-low-value-frequent',
    name: 'Low value, frequent payments',
    description: 'Small suppliers paid many times a year: expensive to pay by invoice.',
    cardProduct: 'Pcard',
    recommendedAction: 'Buy through purchasing cards and stop invoicing these suppliers.',
    rule: {
      filters: [
        f('annualSpend', 'LessThanOrEqual', 10000),
        f('paymentCount', 'GreaterThanOrEqual', 12),
      ],
    },
  },
  {
    key: 'scf-large-suppliers',
    name: 'Large suppliers with SCF potential',
    description:
      'High-spend suppliers scored for supply chain finance: longer terms for the buyer.',
    cardProduct: 'Scf',
    recommendedAction:
      'Offer early payment through supply chain finance in exchange for longer terms.',
    rule: {
      filters: [
        f('annualSpend', 'GreaterThanOrEqual', 250000),
        f('scfScore', 'GreaterThanOrEqual', 60),
      ],
    },
  },
  {
    key: 'scf-long-days-to-pay',
    name: 'Long days to pay',
    description:
      'Suppliers the buyer pays 60 days or more after the invoice: they wait for their money and have a reason to take early payment.',
    cardProduct: 'Scf',
    recommendedAction:
      'Offer early payment through supply chain finance; the buyer keeps its terms and the supplier is paid now.',
    rule: { filters: [f('actualDaysToPay', 'GreaterThanOrEqual', 60)] },
  },
  {
    key: 'instant-pay-high-score',
    name: 'Suppliers wanting faster payment',
    description: 'Suppliers with a high Instant Pay score: paid faster, at a discount.',
    cardProduct: 'InstantPay',
    recommendedAction: 'Offer instant payment on approval of the invoice.',
    rule: { filters: [f('instantPayScore', 'GreaterThanOrEqual', 70)] },
  },
  {
    key: 'optima-best-opportunity',
    name: 'Best overall card opportunity',
    description: 'Suppliers whose Optima level, the best product across all scores, is High.',
    cardProduct: 'Optima',
    recommendedAction: 'Offer the product Optima recommends for each supplier.',
    rule: { filters: [f('optimaLevel', 'Equal', 'High')] },
  },
];

/** A template by its key, or undefined. */
export function useCaseTemplate(key: string): UseCaseTemplate | undefined {
  return USE_CASE_TEMPLATES.find((t) => t.key === key);
}
