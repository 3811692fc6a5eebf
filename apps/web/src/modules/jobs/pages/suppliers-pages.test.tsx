import type {
  FilterItem,
  InsightChartData,
  PagedListRequest,
  SupplierResult,
  SupplierResultDetail,
} from '@b2b/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, mockApi, type MockRequest } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { signedInApi } from '../../../test/signed-in-api';
import { JOB_ID, jobDetails, profileWith } from '../test/job-fixtures';

const jobPath = `/api/v1/job-artifacts/${JOB_ID}`;
const job = jobDetails({ status: 'Completed', currency: 'GBP' });

const supplier: SupplierResult = {
  supplierKey: 'S-1',
  supplierId: 'S-1',
  supplierName: 'Acme Supplies Ltd',
  country: 'GBR',
  city: 'Leeds',
  postcode: 'LS1 4AP',
  spend: 125_000,
  annualSpend: 125_000,
  poCount: 3,
  invoiceCount: 12,
  paymentCount: 12,
  mainPaymentMethod: 'Cheque',
  paymentFrequency: 'Monthly',
  paymentTermsDays: 30,
  actualDaysToPay: 41,
  matchStatus: 'MATCHED',
  confidence: 'High',
  matchSource: 'computed',
  ruleId: 'exact-name-postcode',
  merchantId: 'M-77',
  merchantName: 'ACME SUPPLIES',
  merchantDbaName: 'Acme',
  mcc: '5111',
  acceptsCard: true,
  acceptsVirtualCard: true,
  stpEnrolled: false,
  dataLevel: 2,
  optimaScore: 81,
  optimaLevel: 'High',
  optimaProduct: 'Vcard',
  stpScore: 12,
  stpLevel: 'Low',
  vcardScore: 81,
  vcardLevel: 'High',
  pcardScore: 55,
  pcardLevel: 'Medium',
  tandEcardScore: 5,
  tandEcardLevel: 'None',
  scfScore: 40,
  scfLevel: 'Medium',
  instantPayScore: 20,
  instantPayLevel: 'Low',
  boostScore: 30,
  boostLevel: 'Low',
  cardAccepting: 'MATCHED',
  vcAccepting: 'YES',
  detailLevel: '2',
  stpCapable: 'FALSE',
  cardCapability: 'VC',
  override: null,
};

const page = (collection: SupplierResult[]) => ({
  collection,
  currentPage: 1,
  hasNextPage: false,
  hasPreviousPage: false,
  pageSize: 25,
  totalCount: collection.length,
  totalPages: 1,
});

function chartReply(request: MockRequest) {
  const chart = request.query.get('chart') as InsightChartData['chart'];
  const bar = (key: string, label = key) => ({
    key,
    label,
    value: 1,
    suppliers: 1,
    spend: 1,
    pos: 0,
    invoices: 0,
    payments: 0,
    documents: 0,
    avgTermsDays: null,
    avgDaysToPay: null,
  });
  const data: InsightChartData = {
    chart,
    slicer: 'Overall',
    slicerValue: 'All',
    product: 'All',
    measure: 'spend',
    available: chart !== 'PaymentMethods',
    reason: chart === 'PaymentMethods' ? "This job's data has no payment methods." : null,
    bars:
      chart === 'Countries'
        ? [bar('GBR'), bar('FRA'), bar('DEU')]
        : chart === 'IndustriesMccDescription'
          ? [bar('5111', 'Stationery')]
          : [],
  };
  return { body: data };
}

/** The filters of the last list request. */
function lastFilters(fetchMock: ReturnType<typeof mockApi>): FilterItem[] {
  const calls = callsTo(fetchMock, 'POST', `${jobPath}/suppliers`);
  const body = JSON.parse(String(calls.at(-1)?.[1]?.body)) as PagedListRequest;
  return body.filters;
}

const eq = (propertyName: string, comparisonOperator: string, value: unknown) => ({
  propertyName,
  comparisonOperator,
  value,
  allowNullValue: false,
});

describe('job suppliers tab', () => {
  it('lists suppliers with match, confidence and the eight scores as level chips in display order', async () => {
    const fetchMock = mockApi({
      ...signedInApi(profileWith()),
      [`GET ${jobPath}`]: { body: job },
      [`POST ${jobPath}/suppliers`]: { body: page([supplier]) },
      [`GET ${jobPath}/insights/chart`]: chartReply,
    });
    renderApp(`/jobs/${JOB_ID}/suppliers`);
    const grid = await screen.findByRole('grid', { name: 'Suppliers' });
    await within(grid).findByRole('link', { name: 'Acme Supplies Ltd' });
    const headers = within(grid)
      .getAllByRole('columnheader')
      .map((h) => h.textContent?.trim());
    expect(headers.slice(5)).toEqual([
      'Optima',
      'STP',
      'Virtual Card',
      'PCard',
      'T&E Card',
      'SCF',
      'Instant Pay',
      'Boost',
    ]);
    const row = within(grid).getAllByRole('row')[1]!;
    expect(within(row).getByText('MATCHED')).toBeTruthy();
    expect(within(row).getByText('High').closest('[data-level]')?.className).toMatch(
      /colorSuccess/,
    );
    expect(within(row).getByText('12 · Low').closest('[data-level]')?.className).toMatch(
      /colorError/,
    );
    expect(within(row).getByText('55 · Medium').closest('[data-level]')?.className).toMatch(
      /colorWarning/,
    );
    // Sorted by spend, highest first, until the user picks another column.
    const body = JSON.parse(
      String(callsTo(fetchMock, 'POST', `${jobPath}/suppliers`)[0]?.[1]?.body),
    ) as PagedListRequest;
    expect(body.orderBy).toBe('spend desc');
  });

  it('turns the filter widgets into the list request’s filters and refuses an out-of-range number', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({
      ...signedInApi(profileWith()),
      [`GET ${jobPath}`]: { body: job },
      [`POST ${jobPath}/suppliers`]: { body: page([supplier]) },
      [`GET ${jobPath}/insights/chart`]: chartReply,
    });
    renderApp(`/jobs/${JOB_ID}/suppliers`);
    const filters = await screen.findByRole('region', { name: 'Filters' });

    // Unavailable widgets say why: the job's data lacks payment methods; no document dates.
    expect(
      await within(filters).findByText("This job's data has no payment methods."),
    ).toBeTruthy();
    expect(
      within(filters).getByText('The supplier results do not keep document dates.'),
    ).toBeTruthy();
    expect(
      (within(filters).getByRole('textbox', { name: 'Last document date' }) as HTMLInputElement)
        .disabled,
    ).toBe(true);

    // Boolean.
    await user.click(
      within(within(filters).getByRole('group', { name: 'Accepts card' })).getByRole('button', {
        name: 'Yes',
      }),
    );
    await waitFor(() =>
      expect(lastFilters(fetchMock)).toEqual([eq('cardAccepting', 'Equal', 'MATCHED')]),
    );

    // Multiselect: options loaded from the server; two countries become exclusions of the third.
    await user.click(within(filters).getByRole('combobox', { name: 'Country' }));
    await user.click(await screen.findByRole('option', { name: 'GBR' }));
    await waitFor(() =>
      expect(lastFilters(fetchMock)).toContainEqual(eq('country', 'Equal', 'GBR')),
    );
    await user.click(await screen.findByRole('option', { name: 'FRA' }));
    await waitFor(() =>
      expect(lastFilters(fetchMock)).toEqual([
        eq('cardAccepting', 'Equal', 'MATCHED'),
        eq('country', 'NotEqual', null),
        eq('country', 'NotEqual', 'DEU'),
      ]),
    );
    await user.keyboard('{Escape}');

    // Number: 150 is outside 0–100, refused with a message and not sent.
    const from = within(filters).getByRole('spinbutton', { name: 'Score from' });
    await user.type(from, '150');
    expect(await within(filters).findByText('Enter a value between 0 and 100.')).toBeTruthy();
    const sent = callsTo(fetchMock, 'POST', `${jobPath}/suppliers`).flatMap(
      ([, init]) => (JSON.parse(String(init?.body)) as PagedListRequest).filters,
    );
    expect(sent.some((f) => f.propertyName === 'optimaScore' && f.value === 150)).toBe(false);
    await user.clear(from);
    await user.type(from, '60');
    await waitFor(() =>
      expect(lastFilters(fetchMock)).toContainEqual(eq('optimaScore', 'GreaterThanOrEqual', 60)),
    );
  });
});

const detail: SupplierResultDetail = {
  ...supplier,
  evidence: {
    level: 'High',
    matchStatus: 'MATCHED',
    source: 'computed',
    ruleId: 'exact-name-postcode',
    merchantId: 'M-77',
    rulesetVersion: 3,
    fields: { nameScore: 0.97, postcodeMatch: true },
    compared: {
      supplier: { name: 'Acme Supplies Ltd', postcode: 'LS1 4AP' },
      merchant: { name: 'ACME SUPPLIES', postcode: 'LS1 4AP' },
    },
  },
  scoreDrivers: {
    Vcard: {
      score: 81,
      level: 'High',
      applies: true,
      drivers: [{ factorId: 'accepts-vc', description: 'Accepts virtual card', points: 40 }],
    },
    Stp: {
      score: 12,
      level: 'Low',
      applies: true,
      drivers: [{ factorId: 'no-stp', description: 'Not enrolled in STP', points: -20 }],
    },
  },
  paymentMethods: [
    { method: 'Cheque', count: 10, amount: 100_000 },
    { method: 'BACS', count: 2, amount: 25_000 },
  ],
};

describe('supplier detail', () => {
  const supplierPath = `${jobPath}/suppliers/S-1`;

  it('shows identity, payment behaviour, the evidence beside the merchant and what drove each score', async () => {
    mockApi({
      ...signedInApi(profileWith()),
      [`GET ${jobPath}`]: { body: job },
      [`GET ${supplierPath}`]: { body: detail },
    });
    renderApp(`/jobs/${JOB_ID}/suppliers/S-1`);
    const identity = await screen.findByRole('region', { name: 'Identity' });
    expect(within(identity).getByText('Leeds, LS1 4AP, GBR')).toBeTruthy();
    const payment = screen.getByRole('region', { name: 'Payment behaviour' });
    expect(within(payment).getByText('41 days (11 days late)')).toBeTruthy();
    expect(within(payment).getByRole('rowheader', { name: 'BACS' })).toBeTruthy();

    const compared = screen.getByRole('table', { name: 'Fields compared' });
    const postcode = within(compared).getByRole('rowheader', { name: 'name' }).closest('tr')!;
    expect(within(postcode).getByText('Acme Supplies Ltd')).toBeTruthy();
    expect(within(postcode).getByText('ACME SUPPLIES')).toBeTruthy();
    expect(
      within(screen.getByRole('table', { name: 'Evidence scores' })).getByText('0.97'),
    ).toBeTruthy();
    expect(screen.getByText(/Rule fired: exact-name-postcode/)).toBeTruthy();

    const scores = screen.getByRole('region', { name: 'Scores' });
    const names = within(scores)
      .getAllByRole('heading', { level: 4 })
      .map((h) => h.textContent);
    expect(names).toEqual([
      'Optima',
      'STP',
      'Virtual Card',
      'PCard',
      'T&E Card',
      'SCF',
      'Instant Pay',
      'Boost',
    ]);
    const vcard = within(scores).getByRole('region', { name: 'Virtual Card score' });
    expect(within(vcard).getByText('Accepts virtual card (+40)')).toBeTruthy();
    const stp = within(scores).getByRole('region', { name: 'STP score' });
    expect(within(stp).getByText('Not enrolled in STP (-20)')).toBeTruthy();
    // Without JobEdit there are no match controls.
    expect(screen.queryByRole('button', { name: 'Reject match' })).toBeNull();
  });

  it('rejects a match through the server and shows the supplier as it now stands', async () => {
    const user = userEvent.setup();
    const rejected: SupplierResultDetail = {
      ...detail,
      matchStatus: 'UNMATCHED',
      confidence: 'None',
      matchSource: 'rejected',
      merchantId: null,
      merchantName: null,
      override: {
        decision: 'rejected',
        merchantId: null,
        byUsername: 'issuer',
        at: '2026-11-21T10:00:00Z',
      },
    };
    const fetchMock = mockApi({
      ...signedInApi(profileWith(undefined, ['JobEdit'])),
      [`GET ${jobPath}`]: { body: job },
      [`GET ${supplierPath}`]: { body: detail },
      [`PUT ${supplierPath}/match`]: { body: rejected },
    });
    renderApp(`/jobs/${JOB_ID}/suppliers/S-1`);
    await user.click(await screen.findByRole('button', { name: 'Reject match' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', `${supplierPath}/match`)).toHaveLength(1));
    const [, init] = callsTo(fetchMock, 'PUT', `${supplierPath}/match`)[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ decision: 'rejected' });
    const match = screen.getByRole('region', { name: 'Match' });
    expect(await within(match).findByText('UNMATCHED')).toBeTruthy();
    expect(within(match).getByText('Rejected by a person')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove decision' })).toBeTruthy();
  });

  it('shows the server’s message when an overriding merchant id is unknown', async () => {
    const user = userEvent.setup();
    mockApi({
      ...signedInApi(profileWith(undefined, ['JobEdit'])),
      [`GET ${jobPath}`]: { body: job },
      [`GET ${supplierPath}`]: { body: detail },
      [`PUT ${supplierPath}/match`]: {
        status: 400,
        body: {
          success: false,
          statusCode: 400,
          message: 'No merchant M-404 in the reference data.',
        },
      },
    });
    renderApp(`/jobs/${JOB_ID}/suppliers/S-1`);
    await user.click(await screen.findByRole('button', { name: 'Choose merchant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose merchant' });
    const input = within(dialog).getByRole('textbox', { name: /Merchant id/ });
    await user.clear(input);
    await user.type(input, 'M-404');
    await user.click(within(dialog).getByRole('button', { name: 'Use merchant' }));
    expect(
      await within(dialog).findByText('No merchant M-404 in the reference data.'),
    ).toBeTruthy();
  });
});
