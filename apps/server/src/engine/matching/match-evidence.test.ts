import { MATCH_LEVEL_NOT_COMPARED, type MatchEvidence } from '@b2b/contract';
import { describe, expect, it } from 'vitest';
import { matchEvidenceOf } from './match-evidence.js';

const stored = {
  level: 'High',
  merchantId: 'M01',
  model: {
    priorWeight: -4.2,
    steps: [
      { comparison: 'name', level: 'exact', weight: 14.2, termFrequencyAdjusted: true },
      { comparison: 'taxId', level: 'missing', weight: 0, termFrequencyAdjusted: false },
      { comparison: 'someday', level: 'equal', weight: 1, termFrequencyAdjusted: false },
    ],
    matchWeight: 11,
  },
};

describe('matchEvidenceOf', () => {
  it('labels each model step of a matches file from the comparisons table', () => {
    const evidence = matchEvidenceOf(JSON.stringify(stored)) as MatchEvidence;
    expect(evidence.model!.steps).toEqual([
      expect.objectContaining({ label: 'Name', levelLabel: 'Equal after normalisation' }),
      expect.objectContaining({
        label: 'Tax id / company number',
        levelLabel: MATCH_LEVEL_NOT_COMPARED,
      }),
      // A comparison this version does not know keeps its key.
      expect.objectContaining({ label: 'someday', levelLabel: MATCH_LEVEL_NOT_COMPARED }),
    ]);
    expect(evidence).toMatchObject({ level: 'High', merchantId: 'M01' });
  });

  it('reads evidence kept as JSON text, with the labels it was written with', () => {
    const written = {
      ...stored,
      model: {
        ...stored.model,
        steps: [{ ...stored.model.steps[0], label: 'Name', levelLabel: 'Equal, as labelled then' }],
      },
    };
    const evidence = matchEvidenceOf(JSON.stringify(JSON.stringify(written))) as MatchEvidence;
    expect(evidence.model!.steps[0]).toMatchObject({ levelLabel: 'Equal, as labelled then' });
  });

  it('passes evidence without a model (rule-only rulesets) through', () => {
    expect(matchEvidenceOf(JSON.stringify({ level: 'Low', model: null }))).toEqual({
      level: 'Low',
      model: null,
    });
  });
});
