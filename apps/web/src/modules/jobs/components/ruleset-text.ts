import {
  CARD_PRODUCT_INFO,
  MATCH_EVIDENCE_FIELDS,
  SCORING_FEATURES,
  type ConfidenceCondition,
  type ScoringCondition,
} from '@b2b/contract';

const booleanText = (value: boolean | null) => (value === null ? 'unknown' : value ? 'yes' : 'no');

/** A confidence condition as a person reads it: "Name similarity ≥ 0.92". */
export function confidenceConditionText(condition: ConfidenceCondition): string {
  const label = MATCH_EVIDENCE_FIELDS[condition.field].label;
  if ('in' in condition) return `${label} is ${condition.in.map(booleanText).join(' or ')}`;
  if (condition.min !== undefined && condition.max !== undefined)
    return `${label} between ${condition.min} and ${condition.max}`;
  if (condition.min !== undefined) return `${label} ≥ ${condition.min}`;
  if (condition.max !== undefined) return `${label} ≤ ${condition.max}`;
  return `${label} is known`;
}

const scalarText = (value: string | number | boolean) =>
  typeof value === 'boolean' ? (value ? 'yes' : 'no') : String(value);

/** A scoring condition as a person reads it; every part given must hold. */
export function scoringConditionText(condition: ScoringCondition): string {
  const label = SCORING_FEATURES[condition.feature].label;
  const parts: string[] = [];
  if (condition.equals !== undefined) parts.push(`is ${scalarText(condition.equals)}`);
  if (condition.in) parts.push(`is one of ${condition.in.map(scalarText).join(', ')}`);
  if (condition.min !== undefined) parts.push(`≥ ${condition.min}`);
  if (condition.max !== undefined) parts.push(`≤ ${condition.max}`);
  if (condition.ranges)
    parts.push(`in ${condition.ranges.map(([from, to]) => `${from}–${to}`).join(', ')}`);
  if (condition.missing !== undefined) parts.push(condition.missing ? 'is unknown' : 'is known');
  return `${label} ${parts.join(' and ')}`;
}

export function productName(product: string): string {
  return CARD_PRODUCT_INFO[product as keyof typeof CARD_PRODUCT_INFO]?.name ?? product;
}
