import fs from 'node:fs';
import {
  ConfidenceRulesetSchema,
  type ConfidenceCondition,
  type ConfidenceRuleset,
  type ConfidenceRule,
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
  matchWeight: 'match_weight',
  weightGap: 'weight_gap',
};

export const LEVEL_RANK: Record<Level, number> = { None: 0, Low: 1, Medium: 2, High: 3 };

/**
 * Validates a confidence ruleset (e.g. one edited in analysis admin); throws RULESET_INVALID
 * naming the field. Version 1 was stored before rulesets named their method: rules.
 */
export function parseConfidenceRuleset(input: unknown): ConfidenceRuleset {
  const parsed = ConfidenceRulesetSchema.safeParse(
    input && typeof input === 'object' && !('method' in input) && 'rules' in input
      ? { ...input, method: 'rules' }
      : input,
  );
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new EngineError(
      'RULESET_INVALID',
      `Confidence ruleset: ${issue.path.join('.') || '(root)'}: ${issue.message}`,
    );
  }
  return parsed.data;
}

const loaded = new Map<string, ConfidenceRuleset>();
function load(file: string): ConfidenceRuleset {
  let ruleset = loaded.get(file);
  if (!ruleset) {
    ruleset = parseConfidenceRuleset(
      JSON.parse(fs.readFileSync(new URL(file, import.meta.url), 'utf8')),
    );
    loaded.set(file, ruleset);
  }
  return structuredClone(ruleset);
}

/**
 * The default confidence ruleset shipped with the product: version 6, the match model. Version 5
 * kept six candidates per supplier after the quick pass, not four (four find as many at a tenth
 * less time: docs/perf/matching.md); version 4 was also without the legal-form comparison,
 * version 3 also without the job's-country comparison for suppliers the file gave no country,
 * version 2 also without the name's "same words" level.
 */
export function defaultConfidenceRuleset(): ConfidenceRuleset {
  return load('./default-confidence-ruleset.json');
}

/** Version 1, shipped before the match model: ordered rules (still runs where it is active). */
export function rulesConfidenceRuleset(): Extract<ConfidenceRuleset, { method: 'rules' }> {
  const ruleset = load('./confidence-ruleset-v1.json');
  if (ruleset.method !== 'rules')
    throw new Error('confidence-ruleset-v1.json is not a rules ruleset');
  return ruleset;
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

/**
 * SQL for the level and the id of the first rule that holds (`otherwise` / NULL when none does):
 * a rule ruleset's rules, or a model's caps.
 */
export function firstRuleSql(
  rules: ConfidenceRule[],
  otherwise: string | null,
): { level: string; ruleId: string } {
  if (rules.length === 0) return { level: otherwise ?? 'NULL', ruleId: 'NULL' };
  const whens = rules.map((rule) => ({
    when: rule.conditions.map(conditionSql).join(' AND '),
    rule,
  }));
  return {
    level: `CASE ${whens.map((w) => `WHEN ${w.when} THEN '${w.rule.level}'`).join(' ')} ELSE ${otherwise ?? 'NULL'} END`,
    ruleId: `CASE ${whens.map((w) => `WHEN ${w.when} THEN '${w.rule.id}'`).join(' ')} END`,
  };
}

/** JSON with object keys sorted: two rulesets equal in content compare equal as text. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/** What finds and weighs a supplier's best candidate: all but how levels are decided. */
function candidateSide(r: ConfidenceRuleset): unknown {
  const { version: _v, name: _n, description: _d, matchedFrom: _f, ...rest } = r;
  if (rest.method === 'rules') {
    const { rules: _r, ...kept } = rest;
    return kept;
  }
  const { thresholds: _t, caps: _c, ...model } = rest.model;
  return { ...rest, model };
}

/**
 * Why a dry-run of `draft` cannot be decided from a job's stored matches (issue 20), or null
 * when it can. Blocking, the rules' ranking weights and the match model's comparisons, prior and
 * estimation choose each supplier's best candidate and its match weight: changing any of them
 * needs matching again. The model's thresholds and caps, a rule ruleset's rules and matchedFrom
 * only turn the best candidate's stored evidence into a level: those can be decided again from
 * it, exactly. Names, descriptions and version numbers change nothing.
 */
export function storedDecisionRefusal(
  draft: ConfidenceRuleset,
  matchedWith: ConfidenceRuleset,
): string | null {
  if (draft.method !== matchedWith.method)
    return `the draft decides with ${draft.method === 'model' ? 'the match model' : 'rules'}, the job was matched with ${matchedWith.method === 'model' ? 'the match model' : 'rules'}`;
  if (canonical(candidateSide(draft)) !== canonical(candidateSide(matchedWith)))
    return draft.method === 'model'
      ? 'the draft changes blocking or the match model (comparisons, prior or estimation)'
      : "the draft changes blocking or the rules' ranking weights";
  return null;
}
