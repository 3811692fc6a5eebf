import fs from 'node:fs';
import {
  ConfidenceRulesetSchema,
  type ConfidenceCondition,
  type ConfidenceRuleset,
  type Level,
  type MatchEvidenceField,
} from '@b2b/contract';
import { EngineError } from '../engine-error.js';

/** SQL column of each evidence field in the matcher's candidate table. */
export const EVIDENCE_COLUMNS: Record<MatchEvidenceField, string> = {
  nameScore: 'name_score',
  nameJaroWinkler: 'name_jw',
  nameTokenScore: 'name_token_score',
  dbaNameScore: 'dba_score',
  taxIdMatch: 'tax_match',
  postcodeMatch: 'postcode_match',
  postcodeAreaMatch: 'postcode_area_match',
  addressScore: 'address_score',
  cityScore: 'city_score',
  sameNameCount: 'same_name_count',
  runnerUpGap: 'runner_up_gap',
  candidateCount: 'candidate_count',
};

export const LEVEL_RANK: Record<Level, number> = { None: 0, Low: 1, Medium: 2, High: 3 };

/** Validates a confidence ruleset (e.g. one edited in analysis admin); throws RULESET_INVALID. */
export function parseConfidenceRuleset(input: unknown): ConfidenceRuleset {
  const parsed = ConfidenceRulesetSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new EngineError(
      'RULESET_INVALID',
      `Confidence ruleset: ${issue.path.join('.') || '(root)'}: ${issue.message}`,
    );
  }
  return parsed.data;
}

let shipped: ConfidenceRuleset | undefined;

/** The default confidence ruleset shipped with the product (version 1). */
export function defaultConfidenceRuleset(): ConfidenceRuleset {
  shipped ??= parseConfidenceRuleset(
    JSON.parse(
      fs.readFileSync(new URL('./default-confidence-ruleset.json', import.meta.url), 'utf8'),
    ),
  );
  return structuredClone(shipped);
}

function conditionSql(condition: ConfidenceCondition): string {
  const column = EVIDENCE_COLUMNS[condition.field];
  if ('in' in condition) {
    const values = condition.in;
    const parts = values.map((v) => (v === null ? `${column} IS NULL` : `${column} = ${v}`));
    return `(${parts.join(' OR ')})`;
  }
  const parts = [`${column} IS NOT NULL`];
  if (condition.min !== undefined) parts.push(`${column} >= ${Number(condition.min)}`);
  if (condition.max !== undefined) parts.push(`${column} <= ${Number(condition.max)}`);
  return `(${parts.join(' AND ')})`;
}

/** SQL for the level and the id of the first rule that holds ('None' / NULL when none does). */
export function confidenceSql(ruleset: ConfidenceRuleset): { level: string; ruleId: string } {
  const whens = ruleset.rules.map((rule) => ({
    when: rule.conditions.map(conditionSql).join(' AND '),
    rule,
  }));
  return {
    level: `CASE ${whens.map((w) => `WHEN ${w.when} THEN '${w.rule.level}'`).join(' ')} ELSE 'None' END`,
    ruleId: `CASE ${whens.map((w) => `WHEN ${w.when} THEN '${w.rule.id}'`).join(' ')} END`,
  };
}
