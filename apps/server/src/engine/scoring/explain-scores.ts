import type {
  CardProduct,
  Level,
  ScoreContribution,
  ScoringCondition,
  ScoringRuleset,
} from '@b2b/contract';
import { featureValue, SCORED_PRODUCTS, type FeatureRow } from './score-suppliers.js';

export interface ProductExplanation {
  score: number;
  level: Level;
  /** False when a gate of the product failed (it does not apply to the supplier). */
  applies: boolean;
  /** The factors that moved the score, largest first ("what drove it"). */
  drivers: ScoreContribution[];
}

const NOT_APPLICABLE: ScoreContribution = {
  factorId: 'not-applicable',
  description: 'The product does not apply to this supplier',
  points: 0,
};

function same(value: unknown, expected: string | number | boolean): boolean {
  return typeof expected === 'number' ? Number(value) === expected : value === expected;
}

/** Whether a condition holds for a value; the same rules as `conditionSql` (unknown → false). */
export function conditionHolds(condition: ScoringCondition, value: unknown): boolean {
  const missing = value === null || value === undefined;
  if (condition.missing !== undefined && missing !== condition.missing) return false;
  const tests = ['equals', 'in', 'min', 'max', 'ranges'] as const;
  if (missing) return !tests.some((k) => condition[k] !== undefined);
  const n = Number(value);
  if (condition.equals !== undefined && !same(value, condition.equals)) return false;
  if (condition.in !== undefined && !condition.in.some((x) => same(value, x))) return false;
  if (condition.min !== undefined && !(n >= condition.min)) return false;
  if (condition.max !== undefined && !(n <= condition.max)) return false;
  if (condition.ranges !== undefined && !condition.ranges.some(([a, b]) => n >= a && n <= b)) {
    return false;
  }
  return true;
}

function levelOf(score: number, ruleset: ScoringRuleset): Level {
  if (score >= ruleset.levels.high) return 'High';
  if (score >= ruleset.levels.medium) return 'Medium';
  return score > 0 ? 'Low' : 'None';
}

/**
 * Evaluates a scoring ruleset for one supplier's features (a row of the scores Parquet) and says
 * what drove each product's score: the factors that held, largest contribution first. It gives
 * the same scores as the SQL of `scoreSuppliers` (a test checks that), so the supplier screen can
 * explain any stored score, and the jobs module can attach drivers while copying rows.
 */
export function explainScores(
  row: FeatureRow,
  ruleset: ScoringRuleset,
  top = 5,
): Record<CardProduct, ProductExplanation> {
  const holds = (c: ScoringCondition) => conditionHolds(c, featureValue(row, c.feature));
  const out = {} as Record<CardProduct, ProductExplanation>;
  for (const product of SCORED_PRODUCTS) {
    const spec = ruleset.products[product];
    if (!spec.gates.every(holds)) {
      out[product] = { score: 0, level: 'None', applies: false, drivers: [NOT_APPLICABLE] };
      continue;
    }
    const fired = spec.factors
      .filter((f) => f.when.every(holds))
      .map((f) => ({ factorId: f.id, description: f.description, points: f.points }));
    const raw = spec.base + fired.reduce((sum, f) => sum + f.points, 0);
    const score = Math.min(100, Math.max(0, Math.round(raw)));
    const drivers = fired
      .filter((f) => f.points !== 0)
      .sort(
        (a, b) => Math.abs(b.points) - Math.abs(a.points) || a.factorId.localeCompare(b.factorId),
      )
      .slice(0, top);
    out[product] = { score, level: levelOf(score, ruleset), applies: true, drivers };
  }
  const scores = SCORED_PRODUCTS.map((p) => out[p].score);
  let optima: number;
  if (ruleset.optima.method === 'max') optima = Math.max(...scores);
  else {
    const weights = ruleset.optima.weights;
    const total = SCORED_PRODUCTS.reduce((sum, p) => sum + (weights[p] ?? 0), 0) || 1;
    optima = Math.round(
      SCORED_PRODUCTS.reduce((sum, p) => sum + (weights[p] ?? 0) * out[p].score, 0) / total,
    );
  }
  const best = SCORED_PRODUCTS.find((p) => out[p].score === optima);
  out.Optima = {
    score: optima,
    level: levelOf(optima, ruleset),
    applies: true,
    drivers: best ? out[best].drivers : [],
  };
  return out;
}
