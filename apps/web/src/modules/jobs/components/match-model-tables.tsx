import { MATCH_COMPARISONS, type MatchComparison, type MatchModel } from '@b2b/contract';
import Typography from '@mui/material/Typography';
import { Section } from '../../../components/layout/section';
import { confidenceConditionText } from './ruleset-text';
import { SimpleTable } from './simple-table';

const weight = (m: number, u: number) => Math.log2(m / u).toFixed(2);

/** A match model ruleset as tables: thresholds, comparisons with m, u and weight, fitting, caps. */
export function MatchModelTables({
  matchedFrom,
  model,
}: {
  matchedFrom: string;
  model: MatchModel;
}) {
  const comparisons = (Object.keys(MATCH_COMPARISONS) as MatchComparison[]).filter(
    (c) => model.comparisons[c] !== undefined,
  );
  return (
    <>
      <Typography>
        Each comparison adds its weight log2(m / u) to the prior (probability{' '}
        {model.priorMatchProbability}); the sum is the match weight of a candidate, and the best
        merchant entity's weight gives the level. Suppliers count as MATCHED from confidence{' '}
        <strong>{matchedFrom}</strong> up.
      </Typography>
      <Section headingLevel={3} title="Levels by match weight">
        <SimpleTable
          label="Thresholds"
          head={['Level', 'Match weight at least']}
          rows={[
            ['High', model.thresholds.high],
            ['Medium', model.thresholds.medium],
            ['Low', model.thresholds.low],
          ]}
        />
      </Section>
      <Section headingLevel={3} title="Comparisons">
        <SimpleTable
          label="Comparisons"
          head={['Comparison', 'Level', 'm', 'u', 'Weight']}
          rows={comparisons.flatMap((c) => {
            const comparison = model.comparisons[c]!;
            const labels = MATCH_COMPARISONS[c].levels as Record<string, string>;
            return Object.entries(
              comparison.levels as Record<string, { m: number; u: number }>,
            ).map(([level, p], i) => [
              i === 0
                ? `${MATCH_COMPARISONS[c].label}${comparison.termFrequency ? ' (weighed by frequency when equal)' : ''}`
                : '',
              labels[level] ?? level,
              p.m,
              p.u,
              weight(p.m, p.u),
            ]);
          })}
        />
      </Section>
      <Section headingLevel={3} title="Fitting to each job">
        <SimpleTable
          label="Fitting"
          head={['Setting', 'Value']}
          rows={[
            ['Estimate u from random pairs', model.estimation.estimateU ? 'Yes' : 'No'],
            ['Random pairs', model.estimation.randomPairs],
            ['Estimate m by expectation-maximisation', model.estimation.estimateM ? 'Yes' : 'No'],
            ['Fewest candidate pairs to estimate m', model.estimation.minCandidatePairs],
            ['Most iterations', model.estimation.maxIterations],
            ['Weight of the values above (pairs)', model.estimation.priorStrength],
          ]}
        />
      </Section>
      <Section headingLevel={3} title="Caps">
        <SimpleTable
          label="Caps"
          head={['Cap', 'At most', 'Description', 'When all of']}
          rows={model.caps.map((cap) => [
            cap.id,
            cap.level,
            cap.description,
            cap.conditions.map(confidenceConditionText).join('; '),
          ])}
        />
      </Section>
    </>
  );
}
