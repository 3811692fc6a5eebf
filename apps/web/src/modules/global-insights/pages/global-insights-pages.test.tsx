import type {
  GlobalFilterOptions,
  GlobalOrganization,
  GlobalSummary,
  InsightChartData,
  PagedResponse,
} from '@b2b/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { issuerProfile } from '../../../test/fixtures';
import { callsTo, mockApi, type MockRequest } from '../../../test/mock-api';
import { currentUrl, renderApp } from '../../../test/render-app';
import { signedInApi } from '../../../test/signed-in-api';

const base = '/api/v1/global-insights';
const profile = { ...issuerProfile, permissions: ['GlobalInsightsView'] };
const ISSUER = '11111111-1111-4111-8111-111111111111';
const BUYER_A = '22222222-2222-4222-8222-222222222221';
const BUYER_B = '22222222-2222-4222-8222-222222222222';
const JOB_A = '33333333-3333-4333-8333-333333333331';
const JOB_B = '33333333-3333-4333-8333-333333333332';
const JOB_C = '33333333-3333-4333-8333-333333333333';

const summary: GlobalSummary = {
  currency: 'EUR',
  currencies: [
    { currency: 'EUR', jobs: 2 },
    { currency: 'GBP', jobs: 1 },
  ],
  computedAt: '2026-11-21T10:00:00.000Z',
  tiles: {
    jobCount: 2,
    organizations: 2,
    suppliers: 15,
    spend: 1500,
    pos: 6,
    invoices: 30,
    payments: 40,
    averages: { APOV: 250, AIV: 50, APV: 37.5 },
  },
  spendByProduct: [],
  matchOutcome: [
    { status: 'MATCHED', suppliers: 7, spend: 800 },
    { status: 'UNMATCHED', suppliers: 8, spend: 700 },
  ],
  confidence: [],
  cardAcceptance: {
    spendPercent: 53.3,
    supplierPercent: 46.7,
    matched: [
      { acceptsCard: 'YES', suppliers: 7, spend: 800 },
      { acceptsCard: 'NO', suppliers: 0, spend: 0 },
      { acceptsCard: 'UNKNOWN', suppliers: 0, spend: 0 },
    ],
  },
  unavailableCharts: [],
};

const options: GlobalFilterOptions = {
  issuers: [{ id: ISSUER, name: 'PayTech Bank', jobCount: 2 }],
  buyers: [
    { id: BUYER_A, name: 'Acme', issuerId: ISSUER, issuerName: 'PayTech Bank', jobCount: 1 },
    { id: BUYER_B, name: 'Globex', issuerId: ISSUER, issuerName: 'PayTech Bank', jobCount: 1 },
  ],
  jobs: [
    {
      id: JOB_A,
      name: 'Job A',
      issuerId: ISSUER,
      buyerId: BUYER_A,
      buyerName: 'Acme',
      currency: 'EUR',
      computedAt: '2026-11-21T10:00:00.000Z',
    },
    {
      id: JOB_B,
      name: 'Job B',
      issuerId: ISSUER,
      buyerId: BUYER_B,
      buyerName: 'Globex',
      currency: 'GBP',
      computedAt: '2026-11-21T10:00:00.000Z',
    },
    {
      id: JOB_C,
      name: 'Job C',
      issuerId: ISSUER,
      buyerId: BUYER_A,
      buyerName: 'Acme',
      currency: 'EUR',
      computedAt: '2026-11-21T10:00:00.000Z',
    },
  ],
};

/**
 * The server's answer in one currency: EUR (jobs A and C) by default, GBP (job B) when asked;
 * narrowed to job A, EUR is the only currency.
 */
function summaryReply(request: MockRequest) {
  const onlyA = request.query.get('jobIds') === JOB_A;
  const currency = request.query.get('currency') ?? 'EUR';
  const reply: GlobalSummary = {
    ...summary,
    currency,
    currencies: onlyA ? [{ currency: 'EUR', jobs: 1 }] : summary.currencies,
    tiles:
      currency === 'GBP'
        ? { ...summary.tiles, jobCount: 1, organizations: 1, spend: 500 }
        : { ...summary.tiles, jobCount: onlyA ? 1 : 2 },
  };
  return { body: reply };
}

const slicers = [
  { slicer: 'Overall', values: [{ value: 'All', suppliers: 15, spend: 1500 }] },
  { slicer: 'Card Accepting', values: [] },
  { slicer: 'VC Accepting', values: [] },
  { slicer: 'Detail Level', values: [] },
  { slicer: 'STP Capable', values: [] },
  { slicer: 'Card Capability', values: [] },
];

const bar = (key: string, label: string, spend: number) => ({
  key,
  label,
  value: spend,
  suppliers: 5,
  spend,
  pos: 0,
  invoices: 0,
  payments: 0,
  documents: 0,
  avgTermsDays: null,
  avgDaysToPay: null,
});

function chartReply(request: MockRequest) {
  const chart = request.query.get('chart') as InsightChartData['chart'];
  const onlyA = request.query.get('jobIds') === JOB_A;
  const data: InsightChartData = {
    chart,
    slicer: 'Overall',
    slicerValue: 'All',
    product: 'All',
    measure: 'spend',
    available: chart !== 'IndustriesNaics',
    reason: chart === 'IndustriesNaics' ? "None of the selected jobs' data has NAICS codes." : null,
    bars:
      chart === 'IndustriesNaics'
        ? []
        : chart === 'Jobs'
          ? [bar(JOB_A, 'Job A', 1000), ...(onlyA ? [] : [bar(JOB_B, 'Job B', 500)])]
          : [bar('GBR', 'GBR', 1500)],
  };
  return { body: data };
}

const organization = (
  buyerId: string,
  buyerName: string,
  spend: number,
  currency = 'EUR',
): GlobalOrganization => ({
  buyerId,
  buyerName,
  issuerId: ISSUER,
  issuerName: 'PayTech Bank',
  jobCount: 1,
  suppliers: 10,
  spend,
  pos: 5,
  invoices: 20,
  payments: 30,
  cardAcceptingSuppliers: 6,
  cardAcceptingPercent: 60,
  currency,
});

function api(overrides: Record<string, unknown> = {}) {
  return mockApi({
    ...signedInApi(profile),
    [`GET ${base}/summary`]: summaryReply,
    [`GET ${base}/slicers`]: { body: slicers },
    [`GET ${base}/filter-options`]: { body: options },
    [`GET ${base}/chart`]: chartReply,
    [`POST ${base}/organizations`]: (request: MockRequest) => {
      const body = request.body as { jobIds: string[]; currency?: string };
      const rows =
        body.currency === 'GBP'
          ? [organization(BUYER_B, 'Globex', 500, 'GBP')]
          : [organization(BUYER_A, 'Acme', 1000)];
      const collection = body.jobIds.includes(JOB_A) ? rows.slice(0, 1) : rows;
      const page: PagedResponse<GlobalOrganization> = {
        collection,
        currentPage: 1,
        hasNextPage: false,
        hasPreviousPage: false,
        pageSize: 25,
        totalCount: collection.length,
        totalPages: 1,
      };
      return { body: page };
    },
    ...overrides,
  });
}

describe('global insights pages', () => {
  it('loads the summary, then opens the insights page with the same filters', async () => {
    api();
    const { router } = renderApp(`/global-insights/loading?jobIds=${JOB_A}`);
    await waitFor(() =>
      expect(currentUrl(router)).toBe(`/global-insights/insights?jobIds=${JOB_A}`),
    );
    expect(await screen.findByRole('region', { name: 'Jobs' })).toBeTruthy();
  });

  it('shows the tiles across jobs and every chart, By Job included, and says what it cannot draw', async () => {
    api();
    renderApp('/global-insights/insights');
    const jobs = await screen.findByRole('region', { name: 'Jobs' });
    expect(within(jobs).getByText('2')).toBeTruthy();
    const orgs = screen.getByRole('region', { name: 'Organizations' });
    expect(within(orgs).getByText('2')).toBeTruthy();
    // One currency, stated: never amounts in several currencies added up.
    expect(within(screen.getByRole('region', { name: 'Spend' })).getByText('€1,500')).toBeTruthy();
    expect(
      screen.getByText(
        'Figures for 2 jobs in EUR; 1 job in GBP is not included — choose their currency to see them.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/as recorded/)).toBeNull();
    const byJob = screen.getByRole('region', { name: 'By Job' });
    expect(await within(byJob).findByRole('rowheader', { name: 'Job B' })).toBeTruthy();
    const naics = screen.getByRole('region', { name: 'Industries (NAICS)' });
    expect(
      await within(naics).findByText("None of the selected jobs' data has NAICS codes."),
    ).toBeTruthy();
  });

  it('narrows every call to the jobs picked in the filter bar', async () => {
    const user = userEvent.setup();
    const fetchMock = api();
    const { router } = renderApp('/global-insights/insights');
    await screen.findByRole('region', { name: 'By Job' });
    await user.click(screen.getByRole('combobox', { name: 'Jobs' }));
    await user.click(await screen.findByRole('option', { name: 'Job A (Acme)' }));
    await waitFor(() =>
      expect(currentUrl(router)).toBe(`/global-insights/insights?jobIds=${JOB_A}`),
    );
    const byJob = screen.getByRole('region', { name: 'By Job' });
    await waitFor(() =>
      expect(within(byJob).queryByRole('rowheader', { name: 'Job B' })).toBeNull(),
    );
    const asked = callsTo(fetchMock, 'GET', `${base}/summary`).map(([input]) =>
      new URL(String(input), 'http://localhost').searchParams.get('jobIds'),
    );
    expect(asked).toContain(JOB_A);
  });

  it('lists the organizations with their totals, keeping the filters between the tabs', async () => {
    const user = userEvent.setup();
    const fetchMock = api();
    const { router } = renderApp(`/global-insights/insights?jobIds=${JOB_A}`);
    await user.click(await screen.findByRole('tab', { name: 'Organizations' }));
    await waitFor(() =>
      expect(currentUrl(router)).toBe(`/global-insights/organizations?jobIds=${JOB_A}`),
    );
    const grid = await screen.findByRole('grid', { name: 'Organizations' });
    expect(await within(grid).findByText('Acme')).toBeTruthy();
    expect(within(grid).queryByText('Globex')).toBeNull();
    expect(within(grid).getByText('60%')).toBeTruthy();
    expect(within(grid).getByText('€1,000')).toBeTruthy();
    // Narrowed to job A, EUR is the only currency: stated, with nothing to choose.
    expect(await screen.findByText('Figures for 1 job in EUR.')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Currency' })).toBeNull();
    const [, init] = callsTo(fetchMock, 'POST', `${base}/organizations`).at(-1)!;
    expect(JSON.parse(String(init!.body))).toMatchObject({
      jobIds: [JOB_A],
      issuerIds: [],
      orderBy: 'spend desc',
      pageNumber: 1,
    });
  });

  it('offers the currencies of the filtered jobs and keeps the chosen one in the address, across tabs', async () => {
    const user = userEvent.setup();
    const fetchMock = api();
    const { router } = renderApp('/global-insights/insights');
    const select = await screen.findByRole('combobox', { name: 'Currency' });
    expect(select.textContent).toBe('EUR (2 jobs)');
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'GBP (1 job)' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/global-insights/insights?currency=GBP'));
    expect(
      await screen.findByText(
        'Figures for 1 job in GBP; 2 jobs in EUR are not included — choose their currency to see them.',
      ),
    ).toBeTruthy();
    const spend = screen.getByRole('region', { name: 'Spend' });
    expect(await within(spend).findByText('£500')).toBeTruthy();
    const asked = (path: string) =>
      callsTo(fetchMock, 'GET', `${base}/${path}`).map(([input]) =>
        new URL(String(input), 'http://localhost').searchParams.get('currency'),
      );
    expect(asked('summary')).toContain('GBP');
    await waitFor(() => expect(asked('slicers')).toContain('GBP'));
    await waitFor(() => expect(asked('chart')).toContain('GBP'));

    await user.click(screen.getByRole('tab', { name: 'Organizations' }));
    await waitFor(() =>
      expect(currentUrl(router)).toBe('/global-insights/organizations?currency=GBP'),
    );
    const grid = await screen.findByRole('grid', { name: 'Organizations' });
    expect(await within(grid).findByText('£500')).toBeTruthy();
    expect(within(grid).queryByText('Acme')).toBeNull();
    const [, init] = callsTo(fetchMock, 'POST', `${base}/organizations`).at(-1)!;
    expect(JSON.parse(String(init!.body))).toMatchObject({ currency: 'GBP' });
    expect(screen.getByRole('combobox', { name: 'Currency' }).textContent).toBe('GBP (1 job)');

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/global-insights/organizations'));
  });
});

// The filter bar's job picker is an ordinary autocomplete: what it does on focus is the theme's.
describe('autocompletes on focus (Autocomplete_Options_Focus_VIEW)', () => {
  it('open their options as soon as they take focus for holders', async () => {
    api({
      'GET /api/auth/session': {
        body: {
          ...profile,
          permissions: [...profile.permissions, 'Autocomplete_Options_Focus_VIEW'],
        },
      },
    });
    renderApp('/global-insights/insights');
    const picker = await screen.findByRole('combobox', { name: 'Jobs' });
    act(() => picker.focus());
    expect(await screen.findByRole('option', { name: 'Job A (Acme)' })).toBeTruthy();
  });

  it('stay closed on focus for everyone else', async () => {
    api();
    renderApp('/global-insights/insights');
    const picker = await screen.findByRole('combobox', { name: 'Jobs' });
    act(() => picker.focus());
    await screen.findByRole('region', { name: 'By Job' });
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});
