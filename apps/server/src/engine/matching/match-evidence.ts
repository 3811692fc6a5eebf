import { MATCH_COMPARISONS, MATCH_LEVEL_NOT_COMPARED, type MatchComparison } from '@b2b/contract';

/**
 * A supplier's match evidence as the supplier screen gets it, from the `to_json` of the matches
 * file's evidence column. Matches files keep the evidence as a struct whose model steps carry no
 * labels (building nine labels per supplier was a third of ranking the candidates at 100,000
 * suppliers): each step is labelled here from MATCH_COMPARISONS. Files written before hold the
 * evidence as JSON text, which `to_json` quotes again, with the labels of their day.
 */
export function matchEvidenceOf(json: string): unknown {
  const parsed: unknown = JSON.parse(json);
  const evidence: unknown = typeof parsed === 'string' ? JSON.parse(parsed) : parsed;
  const steps = (evidence as { model?: { steps?: unknown } } | null)?.model?.steps;
  if (Array.isArray(steps))
    (evidence as { model: { steps: unknown[] } }).model.steps = steps.map(labelled);
  return evidence;
}

type StoredStep = { comparison: string; level: string; label?: string; levelLabel?: string };

function labelled(step: StoredStep): StoredStep {
  const comparison = MATCH_COMPARISONS[step.comparison as MatchComparison] as
    { label: string; levels: Record<string, string> } | undefined;
  return {
    ...step,
    label: step.label ?? comparison?.label ?? step.comparison,
    levelLabel: step.levelLabel ?? comparison?.levels[step.level] ?? MATCH_LEVEL_NOT_COMPARED,
  };
}
