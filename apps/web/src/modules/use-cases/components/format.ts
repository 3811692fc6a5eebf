import { CARD_PRODUCT_INFO, type CardProduct, type FilterItem } from '@b2b/contract';
import { tKey } from '../../../lib/i18n';
import { t as translate, type Translate } from '../../../lib/i18n/i18n';
import { formatMoneyIn, formatWhole } from '../../../lib/number-format';

/** An amount in the job's currency. */
export function formatMoney(value: number, currency: string): string {
  return formatMoneyIn(value, currency) ?? `${formatWhole(value)} ${currency}`;
}

export const percent = (share: number) => `${Math.round(share * 1000) / 10}%`;

export const productName = (product: CardProduct) => CARD_PRODUCT_INFO[product].name;

/** How the supplier list's properties read on screen: keys, shown with `t`. */
export const PROPERTY_LABELS: Readonly<Record<string, string>> = {
  supplierKey: tKey('Supplier key'),
  supplierId: tKey('Supplier id'),
  supplierName: tKey('Supplier name'),
  country: tKey('Country'),
  spend: tKey('Spend'),
  annualSpend: tKey('Annual spend'),
  paymentCount: tKey('Payments'),
  mainPaymentMethod: tKey('Main payment method'),
  paymentTermsDays: tKey('Payment terms (days)'),
  actualDaysToPay: tKey('Actual days to pay'),
  matchStatus: tKey('Match status'),
  confidence: tKey('Match confidence'),
  matchSource: tKey('Match decision'),
  merchantName: tKey('Merchant'),
  candidateMerchantName: tKey('Best candidate'),
  matchScore: tKey('Name similarity'),
  matchWeight: tKey('Match weight'),
  matchProbability: tKey('Match probability'),
  predictedCardAcceptance: tKey('Predicted card acceptance'),
  mcc: tKey('MCC'),
  optimaScore: tKey('Optima score'),
  stpScore: tKey('STP score'),
  vcardScore: tKey('Virtual Card score'),
  pcardScore: tKey('PCard score'),
  tandEcardScore: tKey('T&E Card score'),
  scfScore: tKey('SCF score'),
  instantPayScore: tKey('Instant Pay score'),
  boostScore: tKey('Boost score'),
  optimaLevel: tKey('Optima level'),
  stpLevel: tKey('STP level'),
  vcardLevel: tKey('Virtual Card level'),
  cardAccepting: tKey('Accepts card'),
  vcAccepting: tKey('Accepts virtual card'),
  detailLevel: tKey('Detail level'),
  stpCapable: tKey('STP capable'),
  cardCapability: tKey('Card capability'),
};

const OPERATOR_WORDS: Readonly<Record<FilterItem['comparisonOperator'], string>> = {
  Equal: tKey('is'),
  NotEqual: tKey('is not'),
  GreaterThan: '>',
  GreaterThanOrEqual: '≥',
  LessThan: '<',
  LessThanOrEqual: '≤',
  Contains: tKey('contains'),
  StartsWith: tKey('starts with'),
  EndsWith: tKey('ends with'),
};
export const OPERATORS = Object.keys(OPERATOR_WORDS) as FilterItem['comparisonOperator'][];
/** An operator in words: a key, shown with `t`. */
export const operatorWords = (op: FilterItem['comparisonOperator']) => OPERATOR_WORDS[op];

/**
 * A rule line in words: "Accepts card is MATCHED", "Annual spend ≥ 50,000", in the user's language
 * when given the screen's `t` (the value is the data's own).
 */
export function describeFilter(item: FilterItem, t: Translate = translate): string {
  const label = PROPERTY_LABELS[item.propertyName];
  const words = {
    field: label ? t(label) : item.propertyName,
    operator: t(operatorWords(item.comparisonOperator)),
    value:
      item.value === null
        ? t('empty')
        : typeof item.value === 'number'
          ? item.value.toLocaleString()
          : String(item.value),
  };
  return item.allowNullValue
    ? t('{{field}} {{operator}} {{value}} (or empty)', words)
    : t('{{field}} {{operator}} {{value}}', words);
}
