import type {
  AnalyticsDatasetInfo,
  AnalyticsResult,
  SavedReport,
  SavedReportList,
} from '@b2b/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { issuerProfile } from '../../../test/fixtures';
import { callsTo, mockApi, type MockRoute } from '../../../test/mock-api';
import { currentUrl, renderApp } from '../../../test/render-app';
import { signedInApi } from '../../../test/signed-in-api';

const base = '/api/v1/analytics';
const REPORT = '66666666-6666-4666-8666-666666666661';
const OWNER = '55555555-5555-4555-8555-555555555551';
const READER = '55555555-5555-4555-8555-555555555552';

const datasets: AnalyticsDatasetInfo[] = [
  {
    key: 'jobs',
    label: 'Jobs',
    columns: [
      { key: 'jobName', label: 'Job name', type: 'text' },
      { key: 'status', label: 'Status', type: 'text' },
    ],
  },
  {
    key: 'suppliers',
    label: 'Suppliers (job results)',
    columns: [
      { key: 'jobName', label: 'Job name', type: 'text' },
      { key: 'supplierName', label: 'Supplier name', type: 'text' },
      { key: 'spend', label: 'Spend', type: 'number' },
    ],
  },
];

const result: AnalyticsResult = {
  columns: [
    { key: 'jobName', label: 'Job name', type: 'text' },
    { key: 'count', label: 'Count', type: 'number' },
  ],
  rows: [
    ['Acme 2026', 12],
    ['Globex 2026', 3],
  ],
  pageNumber: 1,
  pageSize: 50,
  hasMore: false,
  elapsedMs: 14,
};

const saved: SavedReport = {
  id: REPORT,
  name: 'Suppliers per job',
  description: '',
  definition: {
    dataset: 'suppliers',
    columns: [],
    filters: [],
    groupBy: ['jobName'],
    aggregates: [{ fn: 'count' }],
    sort: [],
  },
  chart: 'table',
  ownerId: OWNER,
  ownerName: 'PTCO Job Manager',
  sharedWith: [{ userId: READER, displayName: 'Issuer Member' }],
  schedule: null,
  lastMailedAt: null,
  canEdit: true,
  createdAt: '2026-11-27T08:00:00.000Z',
  updatedAt: '2026-11-27T08:00:00.000Z',
};

const list: SavedReportList = [
  {
    id: REPORT,
    name: 'Suppliers per job',
    description: '',
    chart: 'table',
    ownerName: 'PTCO Job Manager',
    canEdit: false,
    updatedAt: '2026-11-27T08:00:00.000Z',
    dataset: 'suppliers',
    scheduled: false,
  },
];

function api(overrides: Record<string, MockRoute> = {}) {
  return mockApi({
    ...signedInApi({ ...issuerProfile, permissions: ['AnalyticsQuery_VIEW'] }),
    [`GET ${base}/datasets`]: { body: datasets },
    [`GET ${base}/reports`]: { body: list },
    [`GET ${base}/share-candidates`]: {
      body: [{ userId: READER, displayName: 'Issuer Member', username: 'issuer@example.com' }],
    },
    [`POST ${base}/query`]: { body: result },
    [`POST ${base}/reports`]: { status: 201, body: saved },
    [`GET ${base}/reports/${REPORT}`]: { body: saved },
    ...overrides,
  });
}

async function choose(user: ReturnType<typeof userEvent.setup>, field: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('analytics query page', () => {
  it('builds a grouped query, runs it and shows the result', async () => {
    const fetchMock = api();
    const user = userEvent.setup();
    renderApp('/admin/analytics-query');
    await screen.findByRole('combobox', { name: 'Dataset' });
    await choose(user, 'Dataset', 'Suppliers (job results)');
    await choose(user, 'Group by', 'Job name');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Add aggregate' }));
    await choose(user, 'Sort by', 'Count');
    await choose(user, 'Direction', 'Descending');
    await user.click(screen.getByRole('button', { name: 'Run' }));
    const table = await screen.findByRole('table', { name: 'Query result' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['Job nameCount', 'Acme 202612', 'Globex 20263']);
    const [call] = callsTo(fetchMock, 'POST', `${base}/query`);
    expect(JSON.parse(String(call![1]!.body))).toEqual({
      definition: {
        dataset: 'suppliers',
        columns: [],
        filters: [],
        groupBy: ['jobName'],
        aggregates: [{ fn: 'count' }],
        sort: [{ key: 'count', direction: 'desc' }],
      },
      pageNumber: 1,
      pageSize: 50,
    });
  });

  it('offers only the SPEC §3 operators a number column takes, and sends the value as a number', async () => {
    const fetchMock = api();
    const user = userEvent.setup();
    renderApp('/admin/analytics-query');
    await screen.findByRole('combobox', { name: 'Dataset' });
    await choose(user, 'Dataset', 'Suppliers (job results)');
    await choose(user, 'Columns', 'Supplier name');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Add filter' }));
    await choose(user, 'Filter 1 column', 'Spend');
    await user.click(screen.getByRole('combobox', { name: 'Filter 1 operator' }));
    const operators = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(operators).toEqual([
      'equals',
      'does not equal',
      'greater than',
      'at least',
      'less than',
      'at most',
    ]);
    await user.click(screen.getByRole('option', { name: 'greater than' }));
    await user.type(screen.getByRole('textbox', { name: 'Filter 1 value' }), '100');
    await user.click(screen.getByRole('button', { name: 'Run' }));
    await screen.findByRole('table', { name: 'Query result' });
    const [call] = callsTo(fetchMock, 'POST', `${base}/query`);
    expect(
      (JSON.parse(String(call![1]!.body)) as { definition: { filters: unknown[] } }).definition
        .filters,
    ).toEqual([{ column: 'spend', operator: 'GreaterThan', value: 100 }]);
  });

  it('shows the server’s message when a query is refused or stopped', async () => {
    api({
      [`POST ${base}/query`]: {
        status: 408,
        body: {
          success: false,
          statusCode: 408,
          code: 'query-timeout',
          message:
            'The query was stopped at its time limit of 30 s. Add filters or group the rows to make it smaller.',
        },
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/analytics-query');
    await screen.findByRole('combobox', { name: 'Dataset' });
    await choose(user, 'Columns', 'Job name');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect(await screen.findByText(/stopped at its time limit of 30 s/)).toBeTruthy();
  });

  it('lists the saved reports with a link to each', async () => {
    api();
    renderApp('/admin/analytics-query');
    const link = await screen.findByRole('link', { name: 'Suppliers per job' });
    expect(link.getAttribute('href')).toBe(`/reports/${REPORT}`);
    expect(screen.getByText(/shared by PTCO Job Manager/)).toBeTruthy();
  });
});

describe('create report page', () => {
  it('saves the query with its sharing and opens the saved report', async () => {
    const fetchMock = api();
    const user = userEvent.setup();
    const { router } = renderApp('/reports/create');
    await screen.findByRole('combobox', { name: 'Dataset' });
    await choose(user, 'Dataset', 'Suppliers (job results)');
    await choose(user, 'Group by', 'Job name');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Add aggregate' }));
    await user.type(screen.getByRole('textbox', { name: 'Report name' }), 'Suppliers per job');
    await choose(user, 'Share with', 'Issuer Member (issuer@example.com)');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Save report' }));
    await waitFor(() => expect(currentUrl(router)).toBe(`/reports/${REPORT}`));
    const [call] = callsTo(fetchMock, 'POST', `${base}/reports`);
    expect(JSON.parse(String(call![1]!.body))).toMatchObject({
      name: 'Suppliers per job',
      chart: 'table',
      sharedWithUserIds: [READER],
      schedule: null,
      definition: { dataset: 'suppliers', groupBy: ['jobName'], aggregates: [{ fn: 'count' }] },
    });
  });

  it('shows why a share was refused', async () => {
    api({
      [`POST ${base}/reports`]: {
        status: 403,
        body: {
          success: false,
          statusCode: 403,
          code: 'forbidden',
          message:
            'Client (client@example.com) does not hold AnalyticsQuery_VIEW: the report cannot be shared with them.',
        },
      },
    });
    const user = userEvent.setup();
    renderApp('/reports/create');
    await screen.findByRole('combobox', { name: 'Dataset' });
    await choose(user, 'Columns', 'Job name');
    await user.keyboard('{Escape}');
    await user.type(screen.getByRole('textbox', { name: 'Report name' }), 'Jobs');
    await user.click(screen.getByRole('button', { name: 'Save report' }));
    expect(await screen.findByText(/does not hold AnalyticsQuery_VIEW/)).toBeTruthy();
  });
});

describe('report page', () => {
  it('reopens a saved report with its query and offers the exports', async () => {
    api();
    renderApp(`/reports/${REPORT}`);
    expect(
      ((await screen.findByRole('textbox', { name: 'Report name' })) as HTMLInputElement).value,
    ).toBe('Suppliers per job');
    expect(screen.getByRole('combobox', { name: 'Dataset' }).textContent).toBe(
      'Suppliers (job results)',
    );
    expect(screen.getByRole('combobox', { name: 'Group by' }).textContent).toBe('Job name');
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      `${base}/reports/${REPORT}/export?format=csv`,
    );
    expect(screen.getByRole('link', { name: 'Export XLSX' }).getAttribute('href')).toBe(
      `${base}/reports/${REPORT}/export?format=xlsx`,
    );
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeTruthy();
  });

  it('shows a report shared with the user read-only', async () => {
    api({ [`GET ${base}/reports/${REPORT}`]: { body: { ...saved, canEdit: false } } });
    renderApp(`/reports/${REPORT}`);
    const name = (await screen.findByRole('textbox', { name: 'Report name' })) as HTMLInputElement;
    expect(name.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Export CSV' })).toBeTruthy();
  });
});
