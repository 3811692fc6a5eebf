import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { signedInApi } from '../../../test/signed-in-api';
import { jobsProfile } from '../test/job-fixtures';

const admin = {
  ...jobsProfile,
  permissions: [
    ...jobsProfile.permissions,
    'Analysis_Admin_Area_VIEW',
    'Analysis_Admin_Confidence_VIEW',
    'Analysis_Admin_Scoring_VIEW',
  ],
};
const base = '/api/v1/analysis-admin';

function summary(versionNumber: number, isActive: boolean) {
  return {
    versionNumber,
    name: `Ruleset ${versionNumber}`,
    description: `Version ${versionNumber} of the rules`,
    isActive,
    createdAt: '2026-01-01T00:00:00.000Z',
    createdBy: null,
  };
}

const confidence = {
  ...summary(2, true),
  ruleset: {
    kind: 'confidence',
    version: 2,
    name: 'Ruleset 2',
    description: '',
    method: 'rules',
    matchedFrom: 'Medium',
    blocking: {
      maxTokenFrequency: 100,
      maxTokenPairFrequency: 200,
      maxBlockSize: 100,
      maxCandidatesPerSupplier: 6,
    },
    weights: { name: 0.55, address: 0.15, city: 0.05, postcode: 0.15, taxId: 0.1 },
    rules: [
      {
        id: 'tax-id-equal',
        level: 'High',
        description: 'Tax id equal and names agree',
        conditions: [
          { field: 'taxIdMatch', in: [true] },
          { field: 'nameScore', min: 0.5 },
        ],
      },
    ],
  },
};

const levels = (entries: [string, number, number][]) =>
  Object.fromEntries(entries.map(([level, m, u]) => [level, { m, u }]));
const model = {
  ...summary(3, true),
  ruleset: {
    kind: 'confidence',
    version: 3,
    name: 'Match model',
    description: '',
    method: 'model',
    matchedFrom: 'Medium',
    blocking: confidence.ruleset.blocking,
    model: {
      priorMatchProbability: 0.05,
      thresholds: { high: 12, medium: 6, low: 1 },
      comparisons: {
        name: {
          termFrequency: true,
          levels: levels([
            ['exact', 0.5, 0.00002],
            ['truncation', 0.1, 0.00001],
            ['veryHigh', 0.2, 0.0002],
            ['high', 0.1, 0.002],
            ['fair', 0.06, 0.02],
            ['different', 0.04, 0.97777],
          ]),
        },
        city: {
          termFrequency: false,
          levels: levels([
            ['equal', 0.8, 0.03],
            ['similar', 0.08, 0.01],
            ['different', 0.12, 0.96],
          ]),
        },
      },
      estimation: {
        estimateU: true,
        randomPairs: 20000,
        estimateM: true,
        minCandidatePairs: 500,
        maxIterations: 30,
        priorStrength: 200,
      },
      caps: [
        {
          id: 'close-runner-up',
          level: 'Low',
          description: 'Another entity is almost as likely',
          conditions: [{ field: 'weightGap', max: 1 }],
        },
      ],
    },
  },
};

const scoring = {
  ...summary(1, true),
  ruleset: {
    kind: 'scoring',
    version: 1,
    name: 'Ruleset 1',
    description: '',
    levels: { high: 70, medium: 40 },
    spendBands: [
      { label: 'Small', min: 0 },
      { label: 'Large', min: 100000 },
    ],
    products: {
      ...Object.fromEntries(
        ['TandEcard', 'Pcard', 'Stp', 'Scf', 'InstantPay', 'Boost'].map((p) => [
          p,
          { base: 10, gates: [], factors: [] },
        ]),
      ),
      Vcard: {
        base: 20,
        gates: [{ feature: 'matchStatus', equals: 'MATCHED' }],
        factors: [
          {
            id: 'accepts-vc',
            description: 'Accepts virtual card',
            when: [{ feature: 'acceptsVirtualCard', equals: true }],
            points: 40,
          },
        ],
      },
    },
    optima: { method: 'max' },
  },
};

describe('Ruleset pages', () => {
  it('shows the active confidence ruleset’s rules as a readable table, and its versions', async () => {
    mockApi({
      ...signedInApi(admin),
      [`GET ${base}/confidence-rulesets/active`]: { body: confidence },
      [`GET ${base}/confidence-rulesets`]: { body: [summary(2, true), summary(1, false)] },
    });
    renderApp('/admin/analysis-admin/confidence-rulesets');
    const rules = await screen.findByRole('table', { name: 'Confidence rules' });
    const row = within(rules).getByRole('row', { name: /tax-id-equal/ });
    expect(within(row).getByText('High')).toBeTruthy();
    expect(
      within(row).getByText(
        'Tax id / company number equal is yes; Name similarity (best of the measures below) ≥ 0.5',
      ),
    ).toBeTruthy();
    const versions = await screen.findByRole('table', { name: 'Ruleset versions' });
    expect(within(versions).getByRole('link', { name: 'Version 1' }).getAttribute('href')).toBe(
      '/admin/analysis-admin/confidence-rulesets/1',
    );
    expect(
      within(versions).getByRole('link', { name: 'Version 2' }).getAttribute('aria-current'),
    ).toBe('page');
  });

  it('shows a match model: thresholds, each comparison level with m, u and weight, and caps', async () => {
    mockApi({
      ...signedInApi(admin),
      [`GET ${base}/confidence-rulesets/3`]: { body: model },
      [`GET ${base}/confidence-rulesets`]: { body: [summary(3, true)] },
    });
    renderApp('/admin/analysis-admin/confidence-rulesets/3');
    const thresholds = await screen.findByRole('table', { name: 'Thresholds' });
    expect(within(thresholds).getByRole('row', { name: 'Medium 6' })).toBeTruthy();
    const comparisons = screen.getByRole('table', { name: 'Comparisons' });
    const cut = within(comparisons).getByRole('row', { name: /cut short/ });
    // log2(0.1 / 0.00001) = 13.29
    expect(within(cut).getByText('13.29')).toBeTruthy();
    expect(within(comparisons).getByText(/Name \(weighed by frequency when equal\)/)).toBeTruthy();
    const caps = screen.getByRole('table', { name: 'Caps' });
    expect(within(caps).getByRole('row', { name: /close-runner-up Low/ })).toBeTruthy();
  });

  it('shows a scoring ruleset version by its number: gates, factors and points per product', async () => {
    mockApi({
      ...signedInApi(admin),
      [`GET ${base}/scoring-rulesets/1`]: { body: scoring },
      [`GET ${base}/scoring-rulesets`]: { body: [summary(1, true)] },
    });
    renderApp('/admin/analysis-admin/scoring-rulesets/1');
    const section = await screen.findByRole('region', { name: 'Virtual Card' });
    expect(within(section).getByText(/scores 0 unless Match status is MATCHED/)).toBeTruthy();
    const row = within(section).getByRole('row', { name: /accepts-vc/ });
    expect(within(row).getByText('Accepts virtual card is yes')).toBeTruthy();
    expect(within(row).getByText('+40')).toBeTruthy();
    expect(screen.getByText(/High from 70, Medium from 40/)).toBeTruthy();
  });
});
