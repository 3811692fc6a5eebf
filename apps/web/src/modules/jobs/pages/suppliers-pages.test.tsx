import type {
  CommandState,
  FilterItem,
  JobPredictionStatus,
  InsightChartData,
  PagedListRequest,
  SupplierResult,
  SupplierResultDetail,
} from '@b2b/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { callsTo, mockApi, type MockRequest } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { backToEnglish, germanUserApi } from '../../../test/german';
import { signedInApi } from '../../../test/signed-in-api';
import { JOB_ID, jobDetails, profileWith, supplierResult } from '../test/job-fixtures';

const jobPath = `/api/v1/job-artifacts/${JOB_ID}`;
const job = jobDetails({ status: 'Completed', currency: 'GBP' });

const supplier = supplierResult();

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

// The card product choice is kept in local storage: each test starts without one.
afterEach(() => localStorage.clear());

describe('job suppliers tab', () => {
  it('lists suppliers with match, confidence and the eight scores as level chips in display order', async () => {
    const fetchMock = mockApi({
      ...signedInApi(profileWith(undefined, ['SupplierScores_VIEW'])),
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
    expect(headers.slice(0, 9)).toEqual([
      'Supplier',
      'Country',
      'Spend',
      'Match',
      'Confidence',
      'Best candidate',
      'Weight',
      'Decision',
      'Predicted acceptance',
    ]);
    expect(headers.slice(9)).toEqual([
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
    // (The other list call is the review queue's count.)
    const [, init] = callsTo(fetchMock, 'POST', `${jobPath}/suppliers`).find(
      ([input]) => !new URL(String(input), 'http://localhost').searchParams.has('review'),
    )!;
    const body = JSON.parse(String(init?.body)) as PagedListRequest;
    expect(body.orderBy).toBe('spend desc');
  });

  it('shows the predicted acceptance of unmatched suppliers, queues the active model again and refreshes once it has run', async () => {
    const user = userEvent.setup();
    const unmatched = supplierResult({
      supplierKey: 'k-2',
      supplierName: 'Brightmart Stores',
      matchStatus: 'UNMATCHED',
      predictedCardAcceptance: 0.734,
    });
    const commandId = '00000000-0000-4000-8000-00000000c001';
    // The command as the status call reports it: none, then queued, running, completed.
    const states: (JobPredictionStatus['command'] | null)[] = [];
    const command = (state: CommandState): JobPredictionStatus['command'] => ({
      id: commandId,
      state,
      message:
        state === 'Completed'
          ? 'card acceptance predicted for 1 unmatched suppliers (model v3)'
          : null,
      queuedDate: '2026-11-28T10:00:00.000Z',
      completedDate: state === 'Completed' ? '2026-11-28T10:00:03.000Z' : null,
    });
    let predicted = 0.734;
    const fetchMock = mockApi({
      ...signedInApi(profileWith(undefined, ['JobEdit'])),
      [`GET ${jobPath}`]: { body: { ...job, can: { ...job.can, rescore: true } } },
      [`POST ${jobPath}/suppliers`]: () => ({
        body: page([supplier, { ...unmatched, predictedCardAcceptance: predicted }]),
      }),
      [`GET ${jobPath}/insights/chart`]: chartReply,
      [`GET ${jobPath}/predicted-card-acceptance`]: () => ({
        body: { jobId: JOB_ID, command: states.length > 1 ? states.shift()! : (states[0] ?? null) },
      }),
      [`POST ${jobPath}/predicted-card-acceptance`]: () => {
        states.push(command('Pending'), command('InProgress'), command('Completed'));
        return { body: { jobId: JOB_ID, modelVersion: 3, commandId } };
      },
    });
    renderApp(`/jobs/${JOB_ID}/suppliers`);
    const grid = await screen.findByRole('grid', { name: 'Suppliers' });
    const row = (await within(grid).findByRole('link', { name: 'Brightmart Stores' })).closest(
      '[role="row"]',
    ) as HTMLElement;
    expect(within(row).getByText('73%')).toBeTruthy();
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', `${jobPath}/predicted-card-acceptance`)).toHaveLength(1),
    );
    const lists = callsTo(fetchMock, 'POST', `${jobPath}/suppliers`).length;

    predicted = 0.912; // what the new model version says once its command has run
    await user.click(screen.getByRole('button', { name: 'Predict card acceptance' }));
    expect((await screen.findByRole('status')).textContent).toMatch(/Queued with model version 3/);
    expect(screen.getByRole('button', { name: 'Predict card acceptance' })).toHaveProperty(
      'disabled',
      true,
    );
    // Nothing is read again while the command has yet to run.
    expect(callsTo(fetchMock, 'POST', `${jobPath}/suppliers`)).toHaveLength(lists);

    // Polled until Completed, then the list is read again without a click.
    expect(
      await screen.findByText(
        'Done: card acceptance predicted for 1 unmatched suppliers (model v3).',
        {},
        { timeout: 8000 },
      ),
    ).toBeTruthy();
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST', `${jobPath}/suppliers`).length).toBeGreaterThan(lists),
    );
    expect(await within(grid).findByText('91%')).toBeTruthy();
    const polls = callsTo(fetchMock, 'GET', `${jobPath}/predicted-card-acceptance`).length;
    expect(polls).toBeGreaterThanOrEqual(3);
    expect(screen.getByRole('button', { name: 'Predict card acceptance' })).toHaveProperty(
      'disabled',
      false,
    );
  }, 15_000);

  it('shows only the card products the user chose, with CapabilitySelection_VIEW', async () => {
    const user = userEvent.setup();
    mockApi({
      ...signedInApi(profileWith(undefined, ['CapabilitySelection_VIEW'])),
      [`GET ${jobPath}`]: { body: job },
      [`POST ${jobPath}/suppliers`]: { body: page([supplier]) },
      [`GET ${jobPath}/insights/chart`]: chartReply,
    });
    renderApp(`/jobs/${JOB_ID}/suppliers`);
    const grid = await screen.findByRole('grid', { name: 'Suppliers' });
    await within(grid).findByRole('link', { name: 'Acme Supplies Ltd' });
    const products = screen.getByRole('group', { name: 'Card products' });
    await user.click(within(products).getByRole('button', { name: 'Boost' }));
    await user.click(within(products).getByRole('button', { name: 'SCF' }));
    await waitFor(() =>
      expect(within(grid).queryByRole('columnheader', { name: 'Boost' })).toBeNull(),
    );
    expect(within(grid).queryByRole('columnheader', { name: 'SCF' })).toBeNull();
    expect(within(grid).getByRole('columnheader', { name: 'Optima' })).toBeTruthy();
    // Kept in this browser for the next visit.
    expect(localStorage.getItem('b2b.capabilitySelection')).toBe(
      'Optima,Stp,Vcard,Pcard,TandEcard,InstantPay',
    );
  });

  it('has no card product choice without CapabilitySelection_VIEW', async () => {
    localStorage.setItem('b2b.capabilitySelection', 'Optima');
    mockApi({
      ...signedInApi(profileWith()),
      [`GET ${jobPath}`]: { body: job },
      [`POST ${jobPath}/suppliers`]: { body: page([supplier]) },
      [`GET ${jobPath}/insights/chart`]: chartReply,
    });
    renderApp(`/jobs/${JOB_ID}/suppliers`);
    const grid = await screen.findByRole('grid', { name: 'Suppliers' });
    await within(grid).findByRole('link', { name: 'Acme Supplies Ltd' });
    expect(screen.queryByRole('group', { name: 'Card products' })).toBeNull();
    expect(within(grid).getByRole('columnheader', { name: 'Boost' })).toBeTruthy();
  });

  it('turns the filter widgets into the list request’s filters and refuses an out-of-range number', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({
      ...signedInApi(profileWith(undefined, ['SupplierScores_VIEW'])),
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

    // Days to pay (the "long days to pay" use cases): actual days by default, or agreed terms.
    await user.type(within(filters).getByRole('spinbutton', { name: 'Days to pay from' }), '60');
    await waitFor(() =>
      expect(lastFilters(fetchMock)).toContainEqual(
        eq('actualDaysToPay', 'GreaterThanOrEqual', 60),
      ),
    );
  });
});

/** Two uncertain candidates: one UNMATCHED at Low, one MATCHED at Medium. */
const lowCandidate: SupplierResult = {
  ...supplier,
  supplierKey: 'S-2',
  supplierName: 'Brite Stationers',
  matchStatus: 'UNMATCHED',
  confidence: 'Low',
  merchantId: null,
  merchantName: null,
  merchantDbaName: null,
  candidateMerchantId: 'M-88',
  candidateMerchantName: 'BRIGHT STATIONERS LTD',
  matchScore: 0.81,
  matchWeight: 3.2,
  matchProbability: 0.9,
};
const mediumCandidate: SupplierResult = {
  ...supplier,
  supplierKey: 'S-3',
  supplierName: 'Cobalt Couriers',
  confidence: 'Medium',
  merchantId: 'M-99',
  merchantName: 'COBALT COURIER',
  candidateMerchantId: 'M-99',
  candidateMerchantName: 'COBALT COURIER',
  matchScore: 0.88,
  matchWeight: -1.5,
  matchProbability: 0.26,
};
const reviewJob = jobDetails({
  status: 'Completed',
  currency: 'GBP',
  can: { ...job.can, overrideMatches: true },
});

/** The list: the review queue when asked for it (its count on a page of one), else everything. */
function listReply(request: MockRequest) {
  const queue = [lowCandidate, mediumCandidate];
  if (request.query.get('review') === 'candidates') {
    const body = request.body as PagedListRequest;
    return { body: { ...page(queue.slice(0, body.pageSize)), totalCount: queue.length } };
  }
  return { body: page([supplier, ...queue]) };
}

describe('the review queue', () => {
  it('shows each supplier’s best candidate and weight, and filters to candidates by weight', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({
      ...signedInApi(profileWith()),
      [`GET ${jobPath}`]: { body: job },
      [`POST ${jobPath}/suppliers`]: listReply,
      [`GET ${jobPath}/insights/chart`]: chartReply,
    });
    renderApp(`/jobs/${JOB_ID}/suppliers`);
    const grid = await screen.findByRole('grid', { name: 'Suppliers' });
    const unmatched = (await within(grid).findByRole('link', { name: 'Brite Stationers' })).closest(
      '[role="row"]',
    ) as HTMLElement;
    expect(within(unmatched).getByText('UNMATCHED')).toBeTruthy();
    expect(within(unmatched).getByText('BRIGHT STATIONERS LTD')).toBeTruthy();
    expect(within(unmatched).getByText('+3.20')).toBeTruthy();
    const couriers = within(grid)
      .getByRole('link', { name: 'Cobalt Couriers' })
      .closest('[role="row"]') as HTMLElement;
    expect(within(couriers).getByText('−1.50')).toBeTruthy();
    const acme = within(grid)
      .getByRole('link', { name: 'Acme Supplies Ltd' })
      .closest('[role="row"]') as HTMLElement;
    // No model weight yet: a dash.
    expect(within(acme).getAllByText('—').length).toBeGreaterThan(0);

    // Without the ability to decide there are neither checkboxes nor decision buttons.
    expect(within(grid).queryAllByRole('checkbox')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Confirm selected' })).toBeNull();

    const toggle = await screen.findByRole('button', { name: 'Candidates to review (2)' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => {
      const calls = callsTo(fetchMock, 'POST', `${jobPath}/suppliers`);
      const [input, init] = calls.at(-1)!;
      expect(new URL(String(input), 'http://localhost').searchParams.get('review')).toBe(
        'candidates',
      );
      const body = JSON.parse(String(init?.body)) as PagedListRequest;
      expect(body).toMatchObject({
        orderBy: 'matchWeight desc',
        secondaryOrderBy: 'matchScore desc',
      });
      expect(body.pageSize).toBe(25);
    });
    await waitFor(() =>
      expect(
        within(screen.getByRole('grid', { name: 'Suppliers' })).queryByRole('link', {
          name: 'Acme Supplies Ltd',
        }),
      ).toBeNull(),
    );
  });

  it('confirms the chosen candidates as shown, after a dialog naming how many', async () => {
    const user = userEvent.setup();
    const decided: SupplierResult[] = [
      { ...lowCandidate, matchStatus: 'MATCHED', confidence: 'High', matchSource: 'override' },
      { ...mediumCandidate, matchSource: 'override' },
    ];
    const fetchMock = mockApi({
      ...signedInApi(profileWith(undefined, ['JobEdit'])),
      [`GET ${jobPath}`]: { body: reviewJob },
      [`POST ${jobPath}/suppliers`]: listReply,
      [`GET ${jobPath}/insights/chart`]: chartReply,
      [`POST ${jobPath}/supplier-match-decisions`]: {
        body: { decided: 2, suppliers: decided },
      },
    });
    renderApp(`/jobs/${JOB_ID}/suppliers`);
    await user.click(await screen.findByRole('button', { name: 'Candidates to review (2)' }));
    const grid = screen.getByRole('grid', { name: 'Suppliers' });
    await waitFor(() =>
      expect(within(grid).queryByRole('link', { name: 'Acme Supplies Ltd' })).toBeNull(),
    );
    await within(grid).findByRole('link', { name: 'Brite Stationers' });
    expect(
      (screen.getByRole('button', { name: 'Confirm selected' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    // The header box chooses every row of the page.
    await user.click(within(grid).getByRole('checkbox', { name: /select all/i }));
    expect(screen.getByText('2 suppliers selected')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Confirm selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm 2 candidates?' });
    expect(within(dialog).getByText(/becomes the match of 2 suppliers/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST', `${jobPath}/supplier-match-decisions`)).toHaveLength(1),
    );
    const [, init] = callsTo(fetchMock, 'POST', `${jobPath}/supplier-match-decisions`)[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({
      decisions: [
        { supplierKey: 'S-2', decision: 'merchant', merchantId: 'M-88' },
        { supplierKey: 'S-3', decision: 'merchant', merchantId: 'M-99' },
      ],
    });
    expect(await screen.findByText('2 candidates confirmed')).toBeTruthy();
    expect(screen.getByText('0 suppliers selected')).toBeTruthy();
  });

  it('rejects one chosen row and leaves the other alone', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({
      ...signedInApi(profileWith(undefined, ['JobEdit'])),
      [`GET ${jobPath}`]: { body: reviewJob },
      [`POST ${jobPath}/suppliers`]: listReply,
      [`GET ${jobPath}/insights/chart`]: chartReply,
      [`POST ${jobPath}/supplier-match-decisions`]: {
        body: {
          decided: 1,
          suppliers: [{ ...mediumCandidate, matchStatus: 'UNMATCHED', matchSource: 'rejected' }],
        },
      },
    });
    renderApp(`/jobs/${JOB_ID}/suppliers`);
    const grid = await screen.findByRole('grid', { name: 'Suppliers' });
    const row = (await within(grid).findByRole('link', { name: 'Cobalt Couriers' })).closest(
      '[role="row"]',
    ) as HTMLElement;
    await user.click(within(row).getByRole('checkbox'));
    // Choosing a row does not open the supplier.
    expect(screen.getByRole('grid', { name: 'Suppliers' })).toBeTruthy();
    expect(screen.getByText('1 supplier selected')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Reject selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject 1 match?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST', `${jobPath}/supplier-match-decisions`)).toHaveLength(1),
    );
    const [, init] = callsTo(fetchMock, 'POST', `${jobPath}/supplier-match-decisions`)[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({
      decisions: [{ supplierKey: 'S-3', decision: 'rejected' }],
    });
    expect(await screen.findByText('1 match rejected')).toBeTruthy();
  });

  it('keeps the dialog open with the server’s message when a batch is refused', async () => {
    const user = userEvent.setup();
    mockApi({
      ...signedInApi(profileWith(undefined, ['JobEdit'])),
      [`GET ${jobPath}`]: { body: reviewJob },
      [`POST ${jobPath}/suppliers`]: listReply,
      [`GET ${jobPath}/insights/chart`]: chartReply,
      [`POST ${jobPath}/supplier-match-decisions`]: {
        status: 400,
        body: {
          success: false,
          statusCode: 400,
          message: 'No such supplier in this job: S-2.',
        },
      },
    });
    renderApp(`/jobs/${JOB_ID}/suppliers`);
    const grid = await screen.findByRole('grid', { name: 'Suppliers' });
    const row = (await within(grid).findByRole('link', { name: 'Brite Stationers' })).closest(
      '[role="row"]',
    ) as HTMLElement;
    await user.click(within(row).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Confirm selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm 1 candidate?' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('No such supplier in this job: S-2.')).toBeTruthy();
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
      ...signedInApi(profileWith(undefined, ['SupplierScores_VIEW'])),
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

  it('shows the products’ levels, not the scores behind them, without SupplierScores_VIEW', async () => {
    // The server blanks the numbers and their drivers for such a user (jobs.policy withoutScores).
    const blanked = Object.fromEntries(
      Object.entries(detail).map(([k, v]) => [
        k,
        /Score$/.test(k) && k !== 'matchScore' ? null : v,
      ]),
    );
    mockApi({
      ...signedInApi(profileWith()),
      [`GET ${jobPath}`]: { body: job },
      [`GET ${supplierPath}`]: { body: { ...blanked, scoreDrivers: null } },
    });
    renderApp(`/jobs/${JOB_ID}/suppliers/S-1`);
    const products = await screen.findByRole('region', { name: 'Card products' });
    expect(within(products).getAllByRole('heading', { level: 4 })).toHaveLength(8);
    expect(within(products).getAllByText('High').length).toBeGreaterThan(0);
    expect(screen.queryByRole('region', { name: 'Scores' })).toBeNull();
    expect(screen.queryByText(/\(\+40\)/)).toBeNull();
  });

  it('draws the match model’s waterfall with a table beside it, and the entity’s descriptors', async () => {
    const withModel: SupplierResultDetail = {
      ...detail,
      matchWeight: 4.5,
      matchProbability: 0.957,
      entityId: 'E-12',
      evidence: {
        ...detail.evidence!,
        model: {
          priorWeight: -6,
          steps: [
            {
              comparison: 'name',
              label: 'Name',
              level: 'exact',
              levelLabel: 'Exact',
              weight: 9.25,
              termFrequencyAdjusted: true,
            },
            {
              comparison: 'postcode',
              label: 'Postcode',
              level: 'different',
              levelLabel: 'Different',
              weight: -2.75,
              termFrequencyAdjusted: false,
            },
            {
              comparison: 'city',
              label: 'City',
              level: 'exact',
              levelLabel: 'Exact',
              weight: 4,
              termFrequencyAdjusted: false,
            },
            {
              comparison: 'country',
              label: 'Country',
              level: 'equal',
              levelLabel: 'Equal',
              weight: -0.001,
              termFrequencyAdjusted: false,
            },
          ],
          matchWeight: 4.5,
          matchProbability: 0.957,
          parameters: 'estimated',
        },
        entity: {
          entityId: 'E-12',
          recordCount: 3,
          descriptors: ['ACME SUPPLIES', 'ACME SUPPLIES LEEDS', 'SQ *ACME'],
        },
      },
    };
    mockApi({
      ...signedInApi(profileWith()),
      [`GET ${jobPath}`]: { body: job },
      [`GET ${supplierPath}`]: { body: withModel },
    });
    renderApp(`/jobs/${JOB_ID}/suppliers/S-1`);
    const section = await screen.findByRole('region', { name: 'Match weight' });
    const table = within(section).getByRole('table', { name: 'Match weight steps' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));
    expect(rows).toEqual([
      ['Prior', '—', '−6.00', '−6.00'],
      ['Name', 'Exact (weighed by how common the value is)', '+9.25', '+3.25'],
      ['Postcode', 'Different', '−2.75', '+0.50'],
      ['City', 'Exact', '+4.00', '+4.50'],
      // A weight that rounds to nothing is neither for nor against.
      ['Country', 'Equal', '0.00', '+4.50'],
      ['Match weight', expect.stringMatching(/^probability 95[.,]7\s?%$/), '+4.50', '+4.50'],
    ]);
    // The drawing: a bar per step, green for, red against; hidden from screen readers.
    const drawing = screen.getByTestId('match-weight-waterfall');
    expect(drawing.getAttribute('aria-hidden')).toBe('true');
    expect(
      [...drawing.querySelectorAll('[data-kind]')].map((b) => b.getAttribute('data-kind')),
    ).toEqual(['prior', 'for', 'against', 'for', 'neutral', 'total']);
    expect(within(drawing).getByText('Postcode: Different')).toBeTruthy();

    const entity = screen.getByRole('region', { name: 'Merchant entity' });
    expect(
      within(within(entity).getByRole('list', { name: 'Entity descriptors' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['ACME SUPPLIES', 'ACME SUPPLIES LEEDS', 'SQ *ACME']);
    const match = screen.getByRole('region', { name: 'Match' });
    expect(within(match).getByText(/^\+4\.50 · 95[.,]7\s?%$/)).toBeTruthy();
  });

  it('shows no waterfall when the rules alone decided', async () => {
    mockApi({
      ...signedInApi(profileWith()),
      [`GET ${jobPath}`]: { body: job },
      [`GET ${supplierPath}`]: { body: detail },
    });
    renderApp(`/jobs/${JOB_ID}/suppliers/S-1`);
    await screen.findByRole('region', { name: 'Match' });
    expect(screen.queryByRole('region', { name: 'Match weight' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Merchant entity' })).toBeNull();
    expect(screen.getByText('ACME SUPPLIES (M-77)')).toBeTruthy();
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

describe('supplier detail in German', () => {
  afterEach(backToEnglish);

  it("says a shipped ruleset's factor in German and an admin's own words as typed", async () => {
    const drivers = {
      ...detail.scoreDrivers,
      Vcard: {
        ...detail.scoreDrivers!.Vcard!,
        drivers: [
          { factorId: 'accepts-vc', description: 'Already accepts virtual card', points: 40 },
        ],
      },
    };
    mockApi({
      ...signedInApi(profileWith(undefined, ['SupplierScores_VIEW'])),
      ...germanUserApi(),
      [`GET ${jobPath}`]: { body: job },
      [`GET ${jobPath}/suppliers/S-1`]: { body: { ...detail, scoreDrivers: drivers } },
    });
    renderApp(`/jobs/${JOB_ID}/suppliers/S-1`);
    expect(await screen.findByText('Akzeptiert bereits virtuelle Karte (+40)')).toBeTruthy();
    expect(screen.getByText('Not enrolled in STP (-20)')).toBeTruthy();
  });
});
