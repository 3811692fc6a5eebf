import { describe, expect, it } from 'vitest';
import {
  estimateM,
  levelWeight,
  patternProbability,
  type ComparisonPattern,
} from './match-model-em.js';

/** Pair counts a model with these m, u and share of matches would produce, exactly. */
function patternsOf(
  m: Record<string, Record<string, number>>,
  u: Record<string, Record<string, number>>,
  matches: number,
  nonMatches: number,
): ComparisonPattern[] {
  const patterns: ComparisonPattern[] = [];
  for (const [name, mName] of Object.entries(m.name!))
    for (const [city, mCity] of Object.entries(m.city!))
      patterns.push({
        levels: { name, city },
        count: matches * mName * mCity + nonMatches * u.name![name]! * u.city![city]!,
      });
  return patterns;
}

const TRUE_M = {
  name: { exact: 0.7, fair: 0.2, different: 0.1 },
  city: { equal: 0.9, different: 0.1 },
};
const U = {
  name: { exact: 0.001, fair: 0.05, different: 0.949 },
  city: { equal: 0.1, different: 0.9 },
};
const START = {
  name: { exact: 0.4, fair: 0.3, different: 0.3 },
  city: { equal: 0.6, different: 0.4 },
};

describe('match weights', () => {
  it('weighs a level by log2(m / u) and sums the prior and the levels', () => {
    expect(levelWeight(0.8, 0.01)).toBeCloseTo(Math.log2(80), 10);
    const p = patternProbability({ name: 'exact', city: null }, TRUE_M, U, 0.1);
    const odds = (0.1 / 0.9) * (0.7 / 0.001);
    expect(p).toBeCloseTo(odds / (1 + odds), 10);
  });
});

describe('estimateM (expectation-maximisation)', () => {
  it('recovers the m values and the share of matches from unlabelled pairs', () => {
    const result = estimateM({
      patterns: patternsOf(TRUE_M, U, 1000, 9000),
      m: START,
      u: U,
      priorMatchProbability: 0.3,
      maxIterations: 500,
      priorStrength: 0,
    });
    expect(result.converged).toBe(true);
    expect(result.matchShare).toBeCloseTo(0.1, 2);
    expect(result.m.name!.exact).toBeCloseTo(0.7, 2);
    expect(result.m.name!.fair).toBeCloseTo(0.2, 2);
    expect(result.m.city!.equal).toBeCloseTo(0.9, 2);
  });

  it('pulls the estimate towards the starting values by the prior strength', () => {
    const weak = estimateM({
      patterns: patternsOf(TRUE_M, U, 10, 90),
      m: START,
      u: U,
      priorMatchProbability: 0.1,
      maxIterations: 200,
      priorStrength: 1000,
    });
    // Ten matches against a thousand pairs' worth of prior: close to the start, not to the truth.
    expect(Math.abs(weak.m.name!.exact! - START.name.exact)).toBeLessThan(0.05);
  });

  it('keeps labelled pairs at their label and learns from them', () => {
    const unlabelled = patternsOf(TRUE_M, U, 100, 9900);
    // People confirmed 200 pairs that agree only on the city: m of a different name must rise.
    const labelled: ComparisonPattern[] = [
      { levels: { name: 'different', city: 'equal' }, count: 200, label: 1 },
    ];
    const without = estimateM({
      patterns: unlabelled,
      m: START,
      u: U,
      priorMatchProbability: 0.05,
      maxIterations: 300,
      priorStrength: 0,
    });
    const withLabels = estimateM({
      patterns: [...unlabelled, ...labelled],
      m: START,
      u: U,
      priorMatchProbability: 0.05,
      maxIterations: 300,
      priorStrength: 0,
    });
    expect(withLabels.m.name!.different!).toBeGreaterThan(without.m.name!.different! + 0.2);
  });

  it('never lets a level reach 0, so one unseen level cannot veto later pairs', () => {
    const result = estimateM({
      patterns: [{ levels: { name: 'exact', city: 'equal' }, count: 50, label: 1 }],
      m: START,
      u: U,
      priorMatchProbability: 0.5,
      maxIterations: 10,
      priorStrength: 0,
    });
    expect(result.m.name!.fair).toBeGreaterThan(0);
    expect(Number.isFinite(levelWeight(result.m.name!.fair!, U.name.fair))).toBe(true);
  });
});
