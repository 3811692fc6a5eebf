import { MATCH_COMPARISONS, type MatchComparison, type MatchModel } from '@b2b/contract';
import Typography from '@mui/material/Typography';
import { Section } from '../../../components/layout/section';
import { useT } from '../../../lib/i18n';
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
  const t = useT();
  const comparisons = (Object.keys(MATCH_COMPARISONS) as MatchComparison[]).filter(
    (c) => model.comparisons[c] !== undefined,
  );
  return (
    <>
      <Typography>
        {t(
          "Each comparison adds its weight log2(m / u) to the prior (probability {{prior}}); the sum is the match weight of a candidate, and the best merchant entity's weight gives the level.",
          { prior: model.priorMatchProbability },
        )}{' '}
        {t('Suppliers count as MATCHED from confidence {{level}} up.', { level: matchedFrom })}
      </Typography>
      <Section headingLevel={3} title={t('Levels by match weight')}>
        <SimpleTable
          label={t('Thresholds')}
          head={[t('Level'), t('Match weight at least')]}
          rows={[
            ['High', model.thresholds.high],
            ['Medium', model.thresholds.medium],
            ['Low', model.thresholds.low],
          ]}
        />
      </Section>
      <Section headingLevel={3} title={t('Comparisons')}>
        <SimpleTable
          label={t('Comparisons')}
          head={[t('Comparison'), t('Level'), 'm', 'u', t('Weight')]}
          rows={comparisons.flatMap((c) => {
            const comparison = model.comparisons[c]!;
            const labels = MATCH_COMPARISONS[c].levels as Record<string, string>;
            return Object.entries(
              comparison.levels as Record<string, { m: number; u: number }>,
            ).map(([level, p], i) => [
              i === 0
                ? comparison.termFrequency
                  ? t('{{comparison}} (weighed by frequency when equal)', {
                      comparison: t(MATCH_COMPARISONS[c].label),
                    })
                  : t(MATCH_COMPARISONS[c].label)
                : '',
              t(labels[level] ?? level),
              p.m,
              p.u,
              weight(p.m, p.u),
            ]);
          })}
        />
      </Section>
      <Section headingLevel={3} title={t('Fitting to each job')}>
        <SimpleTable
          label={t('Fitting')}
          head={[t('Setting'), t('Value')]}
          rows={[
            [t('Estimate u from random pairs'), model.estimation.estimateU ? t('Yes') : t('No')],
            [t('Random pairs'), model.estimation.randomPairs],
            [
              t('Estimate m by expectation-maximisation'),
              model.estimation.estimateM ? t('Yes') : t('No'),
            ],
            [t('Fewest candidate pairs to estimate m'), model.estimation.minCandidatePairs],
            [t('Most iterations'), model.estimation.maxIterations],
            [t('Weight of the values above (pairs)'), model.estimation.priorStrength],
          ]}
        />
      </Section>
      <Section headingLevel={3} title={t('Caps')}>
        <SimpleTable
          label={t('Caps')}
          head={[t('Cap'), t('At most'), t('Description'), t('When all of')]}
          rows={model.caps.map((cap) => [
            cap.id,
            cap.level,
            cap.description,
            cap.conditions.map((c) => confidenceConditionText(t, c)).join('; '),
          ])}
        />
      </Section>
    </>
  );
}
