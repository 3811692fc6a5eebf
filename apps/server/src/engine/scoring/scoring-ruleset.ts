import fs from 'node:fs';
import {
  ScoringRulesetSchema,
  type ScoringCondition,
  type ScoringFeature,
  type ScoringRuleset,
} from '@b2b/contract';
import { EngineError } from '../engine-error.js';

/** SQL column of each scoring feature in the feature table (`supplier-features.ts`). */
export const FEATURE_COLUMNS: Record<ScoringFeature, string> = {
  matchStatus: 'match_status',
  matchConfidence: 'confidence',
  acceptsCard: 'accepts_card',
  acceptsVirtualCard: 'accepts_virtual_card',
  stpEnrolled: 'stp_enrolled',
  dataLevel: 'data_level',
  mcc: 'mcc_number',
  mccGroup: 'mcc_group',
  annualSpend: 'annual_spend',
  spendBand: 'spend_band',
  paymentCount: 'payment_count_annual',
  paymentsPerMonth: 'payments_per_month',
  averagePaymentValue: 'average_payment_value',
  paymentTermsDays: 'payment_terms_days',
  actualDaysToPay: 'actual_days_to_pay',
  daysBeyondTerms: 'days_beyond_terms',
  mainPaymentMethod: 'main_payment_method',
  country: 'country',
  isDomestic: 'is_domestic',
  monthsSinceLastTransaction: 'months_since_last_transaction',
  viaPaymentProcessor: 'via_processor',
};

/** Validates a scoring ruleset (e.g. one edited in analysis admin); throws RULESET_INVALID. */
export function parseScoringRuleset(input: unknown): ScoringRuleset {
  const parsed = ScoringRulesetSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new EngineError(
      'RULESET_INVALID',
      `Scoring ruleset: ${issue.path.join('.') || '(root)'}: ${issue.message}`,
    );
  }
  const bands = parsed.data.spendBands.map((b) => b.min);
  if (bands.some((min, i) => i > 0 && min <= bands[i - 1]!)) {
    throw new EngineError('RULESET_INVALID', 'Scoring ruleset: spend bands must ascend.');
  }
  return parsed.data;
}

let shipped: ScoringRuleset | undefined;

/** The default scoring ruleset shipped with the product (version 1). */
export function defaultScoringRuleset(): ScoringRuleset {
  shipped ??= parseScoringRuleset(
    JSON.parse(fs.readFileSync(new URL('./default-scoring-ruleset.json', import.meta.url), 'utf8')),
  );
  return structuredClone(shipped);
}

const literal = (v: string | number | boolean) =>
  typeof v === 'string' ? `'${v.replaceAll("'", "''")}'` : String(v);

/** SQL that is true when the condition holds (never NULL). */
export function conditionSql(condition: ScoringCondition): string {
  const v = FEATURE_COLUMNS[condition.feature];
  const parts: string[] = [];
  if (condition.missing !== undefined) parts.push(`${v} IS ${condition.missing ? '' : 'NOT '}NULL`);
  if (condition.equals !== undefined) parts.push(`${v} = ${literal(condition.equals)}`);
  if (condition.in !== undefined) parts.push(`${v} IN (${condition.in.map(literal).join(', ')})`);
  if (condition.min !== undefined) parts.push(`${v} >= ${Number(condition.min)}`);
  if (condition.max !== undefined) parts.push(`${v} <= ${Number(condition.max)}`);
  if (condition.ranges !== undefined) {
    parts.push(
      `(${condition.ranges.map(([a, b]) => `${v} BETWEEN ${Number(a)} AND ${Number(b)}`).join(' OR ')})`,
    );
  }
  return `coalesce(${parts.join(' AND ')}, false)`;
}
