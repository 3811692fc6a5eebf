import {
  CARD_PRODUCT_INFO,
  MATCH_EVIDENCE_FIELDS,
  SCORING_FEATURES,
  type ConfidenceCondition,
  type ScoringCondition,
} from '@b2b/contract';
import type { useT } from '../../../lib/i18n';

type Translate = ReturnType<typeof useT>;

/** Values as "a or b or c", in the user's language. */
function orList(t: Translate, values: string[]): string {
  const [first = '', ...rest] = values;
  return rest.reduce((fields, field) => t('{{fields}} or {{field}}', { fields, field }), first);
}

function booleanText(t: Translate, value: boolean | null): string {
  return value === null ? t('unknown') : value ? t('yes') : t('no');
}

/** A confidence condition as a person reads it: "Name similarity ≥ 0.92". */
export function confidenceConditionText(t: Translate, condition: ConfidenceCondition): string {
  const field = t(MATCH_EVIDENCE_FIELDS[condition.field].label);
  if ('in' in condition) {
    const values = orList(
      t,
      condition.in.map((v) => booleanText(t, v)),
    );
    return t('{{field}} is {{values}}', { field, values });
  }
  const { min, max } = condition;
  if (min !== undefined && max !== undefined)
    return t('{{field}} between {{min}} and {{max}}', { field, min, max });
  if (min !== undefined) return t('{{field}} ≥ {{min}}', { field, min });
  if (max !== undefined) return t('{{field}} ≤ {{max}}', { field, max });
  return t('{{field}} is known', { field });
}

const scalarText = (t: Translate, value: string | number | boolean) =>
  typeof value === 'boolean' ? booleanText(t, value) : String(value);

/** A scoring condition as a person reads it; every part given must hold. */
export function scoringConditionText(t: Translate, condition: ScoringCondition): string {
  const field = t(SCORING_FEATURES[condition.feature].label);
  const parts: string[] = [];
  if (condition.equals !== undefined)
    parts.push(t('is {{value}}', { value: scalarText(t, condition.equals) }));
  if (condition.in)
    parts.push(
      t('is one of {{values}}', {
        values: condition.in.map((v) => scalarText(t, v)).join(', '),
      }),
    );
  if (condition.min !== undefined) parts.push(t('≥ {{min}}', { min: condition.min }));
  if (condition.max !== undefined) parts.push(t('≤ {{max}}', { max: condition.max }));
  if (condition.ranges)
    parts.push(
      t('in {{ranges}}', {
        ranges: condition.ranges.map(([from, to]) => `${from}–${to}`).join(', '),
      }),
    );
  if (condition.missing !== undefined)
    parts.push(condition.missing ? t('is unknown') : t('is known'));
  const [first = '', ...rest] = parts;
  const conditions = rest.reduce(
    (all, part) => t('{{conditions}} and {{condition}}', { conditions: all, condition: part }),
    first,
  );
  return t('{{field}} {{conditions}}', { field, conditions });
}

export function productName(product: string): string {
  return CARD_PRODUCT_INFO[product as keyof typeof CARD_PRODUCT_INFO]?.name ?? product;
}
