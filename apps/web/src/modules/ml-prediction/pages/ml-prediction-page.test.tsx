import type { CurrentUserProfile, MlModelVersion, MlPredictionOverview } from '@b2b/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { issuerProfile } from '../../../test/fixtures';
import { callsTo, mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { signedInApi } from '../../../test/signed-in-api';

const VIEW = ['Analysis_Admin_Area_VIEW', 'MlPrediction_VIEW'] as const;
const admin: CurrentUserProfile = {
  ...issuerProfile,
  username: 'sysadmin@example.com',
  permissions: [...VIEW, 'AnalysisAdmin'],
};
const ML = '/api/v1/analysis-admin/ml-prediction';

const ready: MlModelVersion = {
  version: 1,
  state: 'Ready',
  isActive: true,
  requestedAt: '2026-11-20T08:00:00.000Z',
  trainedAt: '2026-11-20T08:01:00.000Z',
  trainedBy: 'sysadmin@example.com',
  featureSet: 'v1: name tokens',
  trainingSize: 400_000,
  progress: 100,
  message: 'Trained',
  error: null,
  evaluation: {
    trainingJobs: 100,
    heldOutJobs: 20,
    heldOutSuppliers: 100_000,
    baseRate: 0.353,
    rocAuc: 0.8031,
    precisionAtTopDecile: 0.857,
    calibration: Array.from({ length: 10 }, (_, i) => ({
      decile: i + 1,
      suppliers: 10_000,
      meanPredicted: (i + 0.5) / 10,
      observedRate: (i + 0.4) / 10,
    })),
    featureImportances: [
      { group: 'paymentPatterns', rocAucDrop: 0.1695, spread: 0.0009 },
      { group: 'nameTokens', rocAucDrop: 0.0817, spread: 0.0011 },
      { group: 'spend', rocAucDrop: 0.029, spread: 0.0006 },
      { group: 'jobAcceptance', rocAucDrop: 0.0068, spread: 0.0003 },
      { group: 'industry', rocAucDrop: 0.0055, spread: 0.0004 },
      { group: 'country', rocAucDrop: -0.0001, spread: 0.0001 },
    ],
  },
};
const second: MlModelVersion = { ...ready, version: 2, isActive: false, trainingSize: 410_000 };

describe('ML prediction screen', () => {
  it('shows the active version’s held-out evaluation, queues a training and activates a version', async () => {
    const user = userEvent.setup();
    let versions: MlModelVersion[] = [second, ready];
    const fetchMock = mockApi({
      ...signedInApi(admin),
      [`GET ${ML}`]: () => ({
        body: { activeVersion: 1, versions } satisfies MlPredictionOverview,
      }),
      [`POST ${ML}/models`]: () => {
        const queued: MlModelVersion = {
          ...ready,
          version: 3,
          state: 'Running',
          isActive: false,
          trainedAt: null,
          trainingSize: null,
          progress: 40,
          message: 'Read 48 of 120 jobs',
          evaluation: null,
        };
        versions = [queued, ...versions];
        return { status: 201, body: queued };
      },
      [`POST ${ML}/models/2/activate`]: { body: { ...second, isActive: true } },
    });
    renderApp('/admin/analysis-admin/ml-prediction');

    expect(await screen.findByText('Version 1 (active)')).toBeTruthy();
    const figures = screen.getByLabelText('Model figures');
    expect(within(figures).getByText('0.803')).toBeTruthy();
    expect(within(figures).getByText('85.7%')).toBeTruthy();
    const calibration = screen.getByRole('table', { name: 'Calibration' });
    const top = within(calibration).getByRole('row', { name: /^10 / });
    expect(within(top).getByText('95.0%')).toBeTruthy();
    expect(within(top).getByText('94.0%')).toBeTruthy();
    const importances = screen.getByRole('table', { name: 'Feature importances' });
    const rows = within(importances).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual([
      'Payment patterns (method, frequency, terms, days to pay, counts)',
      'Name tokens (words, legal form)',
      'Spend',
      "The job's share of card-accepting suppliers",
      'Industry (MCC, SIC)',
      'Country',
    ]);
    expect(within(rows[0]!).getByText('0.170 ± 0.001')).toBeTruthy();
    expect(within(rows[5]!).getByText('0.000 ± 0.000')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Train now' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', `${ML}/models`)).toHaveLength(1));
    const history = screen.getByRole('table', { name: 'Training history' });
    expect(await within(history).findByText('Running: Read 48 of 120 jobs')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Training of version 3' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Train now' })).toHaveProperty('disabled', true);

    const row = within(history).getByRole('row', { name: /^v2 / });
    await user.click(within(row).getByRole('button', { name: 'Activate' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST', `${ML}/models/2/activate`)).toHaveLength(1),
    );
  });

  it('shows figures without the training and activation buttons to a viewer without AnalysisAdmin', async () => {
    mockApi({
      ...signedInApi({ ...admin, permissions: [...VIEW] }),
      [`GET ${ML}`]: {
        body: {
          activeVersion: null,
          versions: [{ ...second, evaluation: { ...ready.evaluation!, featureImportances: null } }],
        },
      },
    });
    renderApp('/admin/analysis-admin/ml-prediction');
    expect(await screen.findByText('No version is active: jobs get no prediction.')).toBeTruthy();
    expect(screen.getByText('Version 2')).toBeTruthy();
    expect(
      screen.getByText(
        'No feature importances: this version was trained before they were measured.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Train now' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Activate' })).toBeNull();
  });
});
