import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { callsTo, mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { backToEnglish, germanUserApi } from '../../../test/german';
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
    isDraft: false,
    basedOnVersion: null,
    updatedAt: null,
    updatedBy: null,
    activatedAt: null,
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

const editor = { ...admin, permissions: [...admin.permissions, 'AnalysisAdmin'] };
const draft = {
  ...scoring,
  ...summary(2, false),
  isDraft: true,
  basedOnVersion: 1,
  ruleset: { ...scoring.ruleset, version: 2, levels: { high: 80, medium: 40 } },
};
const jobId = '7b0c7c1e-5d5a-4a0e-9a8e-1f2d3c4b5a69';
const dryRunId = '0d8f3a6e-2b1c-4e5d-8f7a-6b5c4d3e2f10';
const completedJob = {
  id: jobId,
  name: 'Demo summary',
  type: 'base',
  status: 'Completed',
  isPublished: true,
  issuerId: '1b0c7c1e-5d5a-4a0e-9a8e-1f2d3c4b5a69',
  issuerName: 'PayTech Bank',
  buyerId: '2b0c7c1e-5d5a-4a0e-9a8e-1f2d3c4b5a69',
  buyerName: 'Acme',
  ownerId: '3b0c7c1e-5d5a-4a0e-9a8e-1f2d3c4b5a69',
  ownerName: 'sysadmin@example.com',
  currency: 'GBP',
  supplierCount: 40,
  createdOn: '2026-01-01T00:00:00.000Z',
  updatedOn: '2026-01-01T00:00:00.000Z',
};
const page = (collection: unknown[]) => ({
  collection,
  currentPage: 1,
  hasNextPage: false,
  hasPreviousPage: false,
  pageSize: 10,
  totalCount: collection.length,
  totalPages: 1,
});
const draftApi = {
  ...signedInApi(editor),
  [`GET ${base}/scoring-rulesets/2`]: { body: draft },
  [`GET ${base}/scoring-rulesets/1`]: { body: scoring },
  [`GET ${base}/scoring-rulesets`]: { body: [draft, summary(1, true)] },
  ['POST /api/v1/job-artifacts/get']: { body: page([completedJob]) },
};

describe('Ruleset editor', () => {
  it('saves a draft’s edited level and shows the server’s error at the field', async () => {
    const fetchMock = mockApi({
      ...draftApi,
      [`PUT ${base}/scoring-rulesets/2`]: ({ body }) => {
        const high = (body as { ruleset: { levels: { high: number } } }).ruleset.levels.high;
        return high > 100
          ? {
              status: 400,
              body: {
                success: false,
                statusCode: 400,
                message: 'Invalid body.ruleset.levels.high: must be at most 100',
                code: 'validation',
                errors: [
                  {
                    field: 'body.ruleset.levels.high',
                    message: 'must be at most 100',
                  },
                ],
              },
            }
          : {
              body: { ...draft, ruleset: { ...draft.ruleset, levels: { high: high, medium: 40 } } },
            };
      },
    });
    renderApp('/admin/analysis-admin/scoring-rulesets/2');
    const user = userEvent.setup();
    const high = await screen.findByRole('spinbutton', { name: 'High from' });
    await user.clear(high);
    await user.type(high, '150');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('must be at most 100')).toBeTruthy();
    expect(high.getAttribute('aria-invalid')).toBe('true');

    await user.clear(high);
    await user.type(high, '80');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Draft saved.')).toBeTruthy();
    const saves = callsTo(fetchMock, 'PUT', `${base}/scoring-rulesets/2`);
    expect(JSON.parse(String(saves.at(-1)![1]!.body)).ruleset.levels).toEqual({
      high: 80,
      medium: 40,
    });
  });

  it('dry-runs a draft on a chosen job: counts before → after and the changed suppliers', async () => {
    const fetchMock = mockApi({
      ...draftApi,
      [`POST ${base}/scoring-rulesets/2/dry-runs`]: {
        body: {
          id: dryRunId,
          kind: 'scoring',
          versionNumber: 2,
          jobId,
          state: 'Queued',
          error: null,
          summary: null,
          createdBy: 'sysadmin@example.com',
          createdAt: '2026-01-01T00:00:00.000Z',
          finishedAt: null,
        },
      },
      [`GET ${base}/scoring-rulesets/dry-runs/${dryRunId}`]: {
        body: {
          id: dryRunId,
          kind: 'scoring',
          versionNumber: 2,
          jobId,
          state: 'Done',
          error: null,
          summary: {
            supplierCount: 40,
            changedCount: 1,
            comparedWithVersion: 1,
            seconds: 0.4,
            counts: [
              { group: 'Vcard', level: 'High', before: 3, after: 2 },
              { group: 'Vcard', level: 'Medium', before: 5, after: 6 },
              { group: 'Vcard', level: 'Low', before: 0, after: 0 },
            ],
          },
          createdBy: 'sysadmin@example.com',
          createdAt: '2026-01-01T00:00:00.000Z',
          finishedAt: '2026-01-01T00:00:01.000Z',
        },
      },
      [`POST ${base}/scoring-rulesets/dry-runs/${dryRunId}/changes`]: {
        body: page([
          {
            supplierKey: 'acme',
            supplierName: 'Acme Plumbing',
            changes: [
              {
                group: 'Vcard',
                beforeLevel: 'High',
                afterLevel: 'Medium',
                beforeScore: 72,
                afterScore: 72,
                beforeMerchantId: null,
                afterMerchantId: null,
              },
            ],
          },
        ]),
      },
    });
    renderApp('/admin/analysis-admin/scoring-rulesets/2');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: 'Job' }));
    await user.click(await screen.findByRole('option', { name: /Demo summary/ }));
    await user.click(screen.getByRole('button', { name: 'Dry-run' }));
    const counts = await screen.findByRole('table', { name: 'Counts before and after' });
    expect(within(counts).getByRole('row', { name: 'Virtual Card High 3 2 -1' })).toBeTruthy();
    expect(within(counts).getByRole('row', { name: 'Virtual Card Medium 5 6 +1' })).toBeTruthy();
    // Levels with nobody before or after are left out.
    expect(within(counts).queryByRole('row', { name: /Virtual Card Low/ })).toBeNull();
    expect(
      screen.getByText(/1 of 40 suppliers would change \(compared with version 1\)/),
    ).toBeTruthy();
    const changed = await screen.findByRole('table', { name: 'Changed suppliers' });
    expect(
      within(changed).getByRole('row', {
        name: 'Acme Plumbing Virtual Card: High (72) → Medium (72)',
      }),
    ).toBeTruthy();
    expect(
      JSON.parse(
        String(callsTo(fetchMock, 'POST', `${base}/scoring-rulesets/2/dry-runs`)[0]![1]!.body),
      ),
    ).toEqual({ jobId });
  });

  it('activates a draft', async () => {
    const fetchMock = mockApi({
      ...draftApi,
      [`POST ${base}/scoring-rulesets/2/activate`]: {
        body: { ...draft, isDraft: false, isActive: true },
      },
    });
    renderApp('/admin/analysis-admin/scoring-rulesets/2');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('Version 2 is now the active scoring ruleset.')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', `${base}/scoring-rulesets/2/activate`)).toHaveLength(1);
  });

  it('compares two versions side by side, field by field', async () => {
    mockApi(draftApi);
    renderApp('/admin/analysis-admin/scoring-rulesets/2?compare=1');
    const diff = await screen.findByRole('table', { name: 'Differences' });
    expect(within(diff).getAllByRole('row')).toHaveLength(2);
    expect(within(diff).getByRole('row', { name: 'levels.high 70 80' })).toBeTruthy();
  });

  it('offers no editing without AnalysisAdmin', async () => {
    mockApi({
      ...signedInApi(admin),
      [`GET ${base}/scoring-rulesets/1`]: { body: scoring },
      [`GET ${base}/scoring-rulesets`]: { body: [summary(1, true)] },
    });
    renderApp('/admin/analysis-admin/scoring-rulesets/1');
    await screen.findByRole('region', { name: 'Virtual Card' });
    expect(screen.queryByRole('button', { name: 'Create draft from this version' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Dry-run' })).toBeNull();
  });
});

describe('Ruleset editor in German', () => {
  afterEach(backToEnglish);

  it("names a shipped factor in German and an admin's own factor as typed", async () => {
    const factor = draft.ruleset.products.Vcard.factors[0]!;
    const shippedAndOwn = {
      ...draft,
      ruleset: {
        ...draft.ruleset,
        products: {
          ...draft.ruleset.products,
          Vcard: {
            ...draft.ruleset.products.Vcard,
            factors: [
              { ...factor, description: 'Already accepts virtual card' },
              { ...factor, id: 'own', description: 'Our favourite suppliers' },
            ],
          },
        },
      },
    };
    mockApi({
      ...draftApi,
      ...germanUserApi(),
      [`GET ${base}/scoring-rulesets/2`]: { body: shippedAndOwn },
    });
    renderApp('/admin/analysis-admin/scoring-rulesets/2');
    expect(
      await screen.findByRole('spinbutton', {
        name: 'Virtual Card: Akzeptiert bereits virtuelle Karte',
      }),
    ).toBeTruthy();
    expect(
      screen.getByRole('spinbutton', { name: 'Virtual Card: Our favourite suppliers' }),
    ).toBeTruthy();
  });
});
