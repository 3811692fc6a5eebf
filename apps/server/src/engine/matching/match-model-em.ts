/**
 * Expectation-maximisation of a Fellegi–Sunter model's m probabilities (Splink's way, on counted
 * comparison patterns instead of pairs): u stays as estimated from random pairs, the pairs'
 * match probabilities are the E step, the m values and the share of matches the M step.
 */

/** Per comparison, per level: a probability. */
export type LevelProbabilities = Record<string, Record<string, number>>;

/** Pairs that compared alike: one level (or null: not compared) per comparison, and how many. */
export interface ComparisonPattern {
  levels: Record<string, string | null>;
  count: number;
  /** A person's decision: 1 the same business, 0 not; such pairs are not re-estimated. */
  label?: 0 | 1;
}

export interface EstimateMInput {
  patterns: ComparisonPattern[];
  /** Starting m values (the shipped ones), also the prior the estimate is pulled towards. */
  m: LevelProbabilities;
  u: LevelProbabilities;
  priorMatchProbability: number;
  maxIterations: number;
  /** Pairs' worth of weight the starting m values carry against the data. */
  priorStrength: number;
}

export interface EstimateMResult {
  m: LevelProbabilities;
  /** The share of compared pairs that are matches, as estimated. */
  matchShare: number;
  iterations: number;
  converged: boolean;
}

const CONVERGED = 1e-5;

/** The log2 Bayes factor of a level: how much more likely it is among matches than not. */
export function levelWeight(m: number, u: number): number {
  return Math.log2(m / u);
}

/** The match probability of a pattern under m, u and the prior. */
export function patternProbability(
  levels: Record<string, string | null>,
  m: LevelProbabilities,
  u: LevelProbabilities,
  prior: number,
): number {
  let logOdds = Math.log2(prior / (1 - prior));
  for (const [comparison, level] of Object.entries(levels)) {
    if (level === null) continue;
    const mi = m[comparison]?.[level];
    const ui = u[comparison]?.[level];
    if (mi === undefined || ui === undefined) continue;
    logOdds += levelWeight(mi, ui);
  }
  return 1 / (1 + 2 ** -logOdds);
}

export function estimateM(input: EstimateMInput): EstimateMResult {
  const { patterns, u, priorStrength } = input;
  let m = structuredClone(input.m);
  let share = input.priorMatchProbability;
  let iterations = 0;
  let converged = false;
  while (iterations < input.maxIterations && !converged) {
    iterations += 1;
    const sums: LevelProbabilities = {};
    const totals: Record<string, number> = {};
    let matches = 0;
    let all = 0;
    for (const pattern of patterns) {
      const p = pattern.label ?? patternProbability(pattern.levels, m, u, share);
      const weight = p * pattern.count;
      matches += weight;
      all += pattern.count;
      for (const [comparison, level] of Object.entries(pattern.levels)) {
        if (level === null || m[comparison]?.[level] === undefined) continue;
        (sums[comparison] ??= {})[level] = (sums[comparison]?.[level] ?? 0) + weight;
        totals[comparison] = (totals[comparison] ?? 0) + weight;
      }
    }
    const next: LevelProbabilities = {};
    let change = 0;
    for (const [comparison, levels] of Object.entries(input.m)) {
      next[comparison] = {};
      for (const [level, m0] of Object.entries(levels)) {
        const estimate =
          ((sums[comparison]?.[level] ?? 0) + priorStrength * m0) /
          ((totals[comparison] ?? 0) + priorStrength);
        // Never exactly 0: a level no match reached yet would otherwise veto every later pair.
        next[comparison]![level] = Math.max(estimate, 1e-6);
        change = Math.max(change, Math.abs(next[comparison]![level]! - m[comparison]![level]!));
      }
    }
    const nextShare = Math.min(Math.max(matches / Math.max(all, 1), 1e-6), 1 - 1e-6);
    change = Math.max(change, Math.abs(nextShare - share));
    m = next;
    share = nextShare;
    converged = change < CONVERGED;
  }
  return { m, matchShare: share, iterations, converged };
}
