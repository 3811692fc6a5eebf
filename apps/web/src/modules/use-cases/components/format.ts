import { CARD_PRODUCT_INFO, type CardProduct, type FilterItem } from '@b2b/contract';
import { formatMoneyIn, formatWhole } from '../../../lib/number-format';

/** An amount in the job's currency. */
export function formatMoney(value: number, currency: string): string {
  return formatMoneyIn(value, currency) ?? `${formatWhole(value)} ${currency}`;
}

export const percent = (share: number) => `${Math.round(share * 1000) / 10}%`;

export const productName = (product: CardProduct) => CARD_PRODUCT_INFO[product].name;

/** How the supplier list's properties read on screen. */
export const PROPERTY_LABELS: Readonly<Record<string, string>> = {
  supplierKey: 'Supplier key',
  supplierId: 'Supplier id',
  supplierName: 'Supplier name',
  country: 'Country',
  spend: 'Spend',
  annualSpend: 'Annual spend',
  paymentCount: 'Payments',
  mainPaymentMethod: 'Main payment method',
  paymentTermsDays: 'Payment terms (days)',
  actualDaysToPay: 'Actual days to pay',
  matchStatus: 'Match status',
  confidence: 'Match confidence',
  matchSource: 'Match decision',
  merchantName: 'Merchant',
  candidateMerchantName: 'Best candidate',
  matchScore: 'Name similarity',
  matchWeight: 'Match weight',
  matchProbability: 'Match probability',
  predictedCardAcceptance: 'Predicted card acceptance',
  mcc: 'MCC',
  optimaScore: 'Optima score',
  stpScore: 'STP score',
  vcardScore: 'Virtual Card score',
  pcardScore: 'PCard score',
  tandEcardScore: 'T&E Card score',
  scfScore: 'SCF score',
  instantPayScore: 'Instant Pay score',
  boostScore: 'Boost score',
  optimaLevel: 'Optima level',
  stpLevel: 'STP level',
  vcardLevel: 'Virtual Card level',
  cardAccepting: 'Accepts card',
  vcAccepting: 'Accepts virtual card',
  detailLevel: 'Detail level',
  stpCapable: 'STP capable',
  cardCapability: 'Card capability',
};

const OPERATOR_WORDS: Readonly<Record<FilterItem['comparisonOperator'], string>> = {
  Equal: 'is',
  NotEqual: 'is not',
  GreaterThan: '>',
  GreaterThanOrEqual: '≥',
  LessThan: '<',
  LessThanOrEqual: '≤',
  Contains: 'contains',
  StartsWith: 'starts with',
  EndsWith: 'ends with',
};
export const OPERATORS = Object.keys(OPERATOR_WORDS) as FilterItem['comparisonOperator'][];
export const operatorWords = (op: FilterItem['comparisonOperator']) => OPERATOR_WORDS[op];

/** A rule line in words: "Accepts card is MATCHED", "Annual spend ≥ 50,000". */
export function describeFilter(item: FilterItem): string {
  const label = PROPERTY_LABELS[item.propertyName] ?? item.propertyName;
  const value =
    item.value === null
      ? 'empty'
      : typeof item.value === 'number'
        ? item.value.toLocaleString()
        : String(item.value);
  const orEmpty = item.allowNullValue ? ' (or empty)' : '';
  return `${label} ${operatorWords(item.comparisonOperator)} ${value}${orEmpty}`;
}
