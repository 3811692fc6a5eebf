import type {
  DashboardActiveUsers,
  DashboardAnalysis,
  DashboardCampaigns,
  DashboardJobActivity,
  DashboardJobsNow,
  DashboardProq,
} from '@b2b/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { issuerProfile } from '../../../test/fixtures';
import { callsTo, mockApi, type MockRequest } from '../../../test/mock-api';
import { currentUrl, renderApp } from '../../../test/render-app';
import { signedInApi } from '../../../test/signed-in-api';

const base = '/api/v1/dashboard';
const ALL_LINKS = [
  'Dashboard_VIEW',
  'AnalysisJobList_VIEW',
  'ViewJobTabs',
  'GlobalInsightsView',
  'CampaignManager_Feature_VIEW',
  'DevOps_Area_VIEW',
  'User_CRUD',
] as const;
const RUNNING = '33333333-3333-4333-8333-333333333331';
const FAILED = '33333333-3333-4333-8333-333333333332';
const CAMPAIGN = '44444444-4444-4444-8444-444444444441';
const ISSUER = '11111111-1111-4111-8111-111111111111';
const USER = '55555555-5555-4555-8555-555555555551';

const zeroTypes = { base: 0, 'matched-data-only': 0, advanced: 0 };
const zeroStatuses = { Draft: 0, Processing: 0, Completed: 0, Error: 0 };

function activity(request: MockRequest): { body: DashboardJobActivity } {
  const interval = request.query.get('interval') === 'month' ? 'month' : 'week';
  const starts =
    interval === 'week'
      ? Array.from({ length: 12 }, (_, i) => `2026-09-${String(7 + i).padStart(2, '0')}`)
      : Array.from({ length: 12 }, (_, i) => `2025-${String(12 + i).padStart(2, '0')}-01`);
  return {
    body: {
      interval,
      periods: starts.map((start, i) => ({
        start,
        jobs: i === 11 ? 3 : 0,
        byType: i === 11 ? { ...zeroTypes, base: 2, advanced: 1 } : zeroTypes,
        byStatus: i === 11 ? { ...zeroStatuses, Completed: 2, Error: 1 } : zeroStatuses,
      })),
      total: interval === 'week' ? 7 : 9,
      byType: { base: 5, 'matched-data-only': 0, advanced: 2 },
      byStatus: { Draft: 1, Processing: 1, Completed: 4, Error: 1 },
    },
  };
}

const jobsNow: DashboardJobsNow = {
  running: 1,
  failed: 1,
  runningJobs: [
    {
      id: RUNNING,
      name: 'Acme spend 2026',
      type: 'base',
      issuerName: 'PayTech Bank',
      updatedAt: '2026-11-27T06:00:00.000Z',
    },
  ],
  failedJobs: [
    {
      id: FAILED,
      name: 'Globex payments',
      type: 'advanced',
      issuerName: 'PayTech Bank',
      updatedAt: '2026-11-26T06:00:00.000Z',
    },
  ],
};

function analysis(request: MockRequest): { body: DashboardAnalysis } {
  const currency = request.query.get('currency') ?? 'EUR';
  const gbp = currency === 'GBP';
  return {
    body: {
      currency,
      currencies: [
        { currency: 'EUR', jobs: 2 },
        { currency: 'GBP', jobs: 1 },
      ],
      jobs: gbp ? 1 : 2,
      suppliers: gbp ? 3 : 15,
      matchedSuppliers: gbp ? 3 : 7,
      matchRatePercent: gbp ? 100 : 46.7,
      spend: gbp ? 600 : 1500,
      matchedSpend: gbp ? 600 : 800,
      matchedSpendPercent: gbp ? 100 : 53.3,
      cardAcceptanceByIssuer: [
        {
          issuerId: ISSUER,
          issuerName: gbp ? 'PayTech Bank' : 'Mastercard Issuing Demo',
          jobs: gbp ? 1 : 2,
          suppliers: gbp ? 3 : 15,
          acceptingSuppliers: gbp ? 3 : 5,
          supplierPercent: gbp ? 100 : 33.3,
          spend: gbp ? 600 : 1500,
          acceptingSpend: gbp ? 600 : 600,
          spendPercent: gbp ? 100 : 40,
        },
      ],
    },
  };
}

const campaigns: DashboardCampaigns = {
  pending: 2,
  active: 1,
  completed: 4,
  inProgress: [
    {
      id: CAMPAIGN,
      name: 'Virtual card push',
      jobId: RUNNING,
      jobName: 'Acme spend 2026',
      route: 'Buyer',
      startedOn: '2026-11-20T09:00:00.000Z',
      counters: { total: 40, pending: 10, active: 20, failed: 3, succeeded: 7 },
    },
  ],
};

const proq: DashboardProq = {
  queued: 12,
  errors: 3,
  completed: 9000,
  workersAlive: 2,
  workers: 3,
  isPaused: false,
};

const activeUsers: DashboardActiveUsers = {
  count: 1,
  users: [
    {
      userId: USER,
      displayName: 'Sys Admin',
      userName: 'sysadmin@example.com',
      entityType: 'issuer',
      entityName: 'PayTech Bank',
      lastSeenAt: '2026-11-27T06:59:00.000Z',
    },
  ],
};

function api(permissions: readonly string[] = ALL_LINKS, overrides: Record<string, unknown> = {}) {
  return mockApi({
    ...signedInApi({ ...issuerProfile, permissions: [...permissions] }),
    [`GET ${base}/job-activity`]: activity,
    [`GET ${base}/jobs-now`]: { body: jobsNow },
    [`GET ${base}/analysis`]: analysis,
    [`GET ${base}/campaigns`]: { body: campaigns },
    [`GET ${base}/proq`]: { body: proq },
    [`GET ${base}/active-users`]: { body: activeUsers },
    ...overrides,
  });
}

const tile = (name: string) => screen.findByRole('region', { name });

describe('dashboard page', () => {
  it('shows every tile with its figures and a link to its screen', async () => {
    api();
    renderApp('/dashboard');
    const jobs = await tile('Jobs over time');
    await within(jobs).findByText('All jobs');
    expect(within(jobs).getByRole('img', { name: /Jobs created per week/ })).toBeTruthy();
    expect(within(jobs).getByRole('link', { name: 'Open the job list' }).getAttribute('href')).toBe(
      '/analysis',
    );

    const now = await tile('Jobs running and failed now');
    expect(
      (await within(now).findByRole('link', { name: 'Acme spend 2026' })).getAttribute('href'),
    ).toBe(`/jobs/${RUNNING}/details`);
    expect(within(now).getByRole('link', { name: 'Globex payments' }).getAttribute('href')).toBe(
      `/jobs/${FAILED}/logs`,
    );

    const analysed = await tile('Match rate and spend analysed');
    expect(await within(analysed).findByText('46.7%')).toBeTruthy();
    expect(within(analysed).getByText('7 of 15 suppliers')).toBeTruthy();
    expect(within(analysed).getByRole('status').textContent).toBe(
      'Figures in EUR; 1 job in GBP is not included.',
    );
    expect(
      within(analysed).getByRole('link', { name: 'Open global insights' }).getAttribute('href'),
    ).toBe('/global-insights/insights?currency=EUR');

    const acceptance = await tile('Card acceptance by issuer');
    const row = within(acceptance).getByRole('row', { name: /Mastercard Issuing Demo/ });
    expect(row.textContent).toContain('33.3% (5)');
    expect(row.textContent).toContain('40%');

    const running = await tile('Campaigns in progress');
    const campaign = within(running).getByRole('row', { name: /Virtual card push/ });
    expect(
      within(campaign)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['40', '10', '20', '3', '7']);
    expect(
      within(campaign).getByRole('link', { name: 'Virtual card push' }).getAttribute('href'),
    ).toBe(`/jobs/${RUNNING}/campaign-workflows/${CAMPAIGN}`);

    const queue = await tile('ProQ health');
    expect(within(queue).getByRole('region', { name: 'Workers alive' }).textContent).toContain(
      '2 of 3',
    );
    expect(within(queue).getByRole('region', { name: 'Errors' }).textContent).toContain('3');

    const people = await tile('Active users');
    expect(within(people).getByText('Sys Admin')).toBeTruthy();
    expect(
      within(people).getByRole('link', { name: 'Open user management' }).getAttribute('href'),
    ).toBe('/admin/users');
  });

  it('asks for the chosen currency and shows its figures in both analysis tiles', async () => {
    const fetchMock = api();
    const { router } = renderApp('/dashboard');
    const analysed = await tile('Match rate and spend analysed');
    await within(analysed).findByText('46.7%');
    await userEvent.click(within(analysed).getByRole('combobox', { name: 'Currency' }));
    await userEvent.click(await screen.findByRole('option', { name: 'GBP (1 job)' }));
    // Match rate and matched spend are both 100% in GBP.
    expect(await within(analysed).findAllByText('100%')).toHaveLength(2);
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', `${base}/analysis`).map(([u]) => String(u))).toContainEqual(
        expect.stringContaining('currency=GBP'),
      ),
    );
    const acceptance = await tile('Card acceptance by issuer');
    await within(acceptance).findByRole('row', { name: /PayTech Bank/ });
    expect(within(analysed).getByRole('status').textContent).toBe(
      'Figures in GBP; 2 jobs in EUR are not included.',
    );
    await userEvent.click(within(analysed).getByRole('link', { name: 'Open global insights' }));
    expect(currentUrl(router)).toBe('/global-insights/insights?currency=GBP');
  });

  it('switches the job chart to months', async () => {
    const fetchMock = api();
    renderApp('/dashboard');
    const jobs = await tile('Jobs over time');
    await within(jobs).findByRole('img', { name: /Jobs created per week/ });
    await userEvent.click(within(jobs).getByRole('button', { name: 'Months' }));
    expect(await within(jobs).findByRole('img', { name: /Jobs created per month/ })).toBeTruthy();
    expect(
      callsTo(fetchMock, 'GET', `${base}/job-activity`).map(([u]) => String(u)),
    ).toContainEqual(expect.stringContaining('interval=month'));
  });

  it('links only to the screens the user may open', async () => {
    api(['Dashboard_VIEW']);
    renderApp('/dashboard');
    const queue = await tile('ProQ health');
    await within(queue).findByRole('region', { name: 'Queued' });
    expect(within(queue).queryByRole('link')).toBeNull();
    const now = await tile('Jobs running and failed now');
    await within(now).findByText('Acme spend 2026');
    expect(within(now).queryByRole('link')).toBeNull();
  });

  it('shows a failing tile’s error in its place while the others load', async () => {
    api(ALL_LINKS, {
      [`GET ${base}/proq`]: {
        status: 500,
        body: { success: false, message: 'The queue could not be read.', statusCode: 500 },
      },
    });
    renderApp('/dashboard');
    const queue = await tile('ProQ health');
    expect(await within(queue).findByRole('alert', {}, { timeout: 8000 })).toBeTruthy();
    expect(within(queue).queryByRole('region', { name: 'Queued' })).toBeNull();
    const people = await tile('Active users');
    expect(await within(people).findByText('Sys Admin')).toBeTruthy();
  });
});
