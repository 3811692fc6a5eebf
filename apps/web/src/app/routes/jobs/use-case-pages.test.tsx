import {
  type Campaign,
  USE_CASE_TEMPLATES,
  type SupplierResult,
  type UseCase,
  type UseCaseList,
  type UseCaseSupplier,
} from '@b2b/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  JOB_ID,
  jobDetails,
  profileWith,
  supplierResult,
} from '../../../modules/jobs/test/job-fixtures';
import { callsTo, mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { signedInApi } from '../../../test/signed-in-api';
import { entityLockApi, OTHER_EDITOR_ID } from '../../../test/entity-lock-api';

/** An element's text (the tests assert on what a reader sees). */
const text = (el: Element | null | undefined) => el?.textContent ?? '';

const jobPath = `/api/v1/job-artifacts/${JOB_ID}`;
const USE_CASE_ID = '66666666-6666-4666-8666-666666666666';
const job = jobDetails({ status: 'Completed', currency: 'GBP' });
const profile = profileWith(
  ['JobUseCasesAccessor', 'JobUseCasesReportAccessor', 'JobSuppliersAccessor'],
  ['UseCases_VIEW', 'CampaignCreate', 'CampaignUpdate'],
);

const supplier = supplierResult();
const reportReader = profileWith(
  ['JobUseCasesReportAccessor'],
  ['UseCases_VIEW', 'CampaignManager_Feature_VIEW'],
);
const OTHER_ID = '88888888-8888-4888-8888-888888888888';
const campaign = (
  name: string,
  useCaseIds: string[],
  status: Campaign['status'],
  [total, pending, active, failed, succeeded]: number[],
): Campaign => ({
  id: crypto.randomUUID(),
  jobId: JOB_ID,
  jobName: 'Spring suppliers',
  issuerId: '99999999-9999-4999-8999-999999999999',
  name,
  route: 'Issuer',
  cardProduct: 'Vcard',
  language: 'en',
  status,
  useCaseIds,
  cadence: { followUpDays: [8, 12], closeDay: 14 },
  declinePeriodDays: 180,
  virtualLockbox: null,
  counters: {
    total: total!,
    pending: pending!,
    active: active!,
    failed: failed!,
    succeeded: succeeded!,
  },
  excludedCount: 0,
  createdBy: 'manager@example.com',
  createdOn: '2026-01-03T09:00:00.000Z',
  startedOn: null,
  completedOn: null,
});

const template = USE_CASE_TEMPLATES[0]!;
const useCase: UseCase = {
  id: USE_CASE_ID,
  jobId: JOB_ID,
  name: 'Cheque payers who take cards',
  description: template.description,
  cardProduct: 'Vcard',
  recommendedAction: 'Move these payments to Virtual Card.',
  rule: template.rule,
  templateKey: template.key,
  createdBy: null,
  createdByName: 'issuer@example.com',
  createdAt: '2026-01-02T09:00:00.000Z',
  updatedAt: '2026-01-02T09:00:00.000Z',
  canChange: true,
  figures: {
    suppliers: 12,
    spend: 250_000,
    currency: 'GBP',
    value: {
      total: 2_150,
      rebate: 1_050,
      processSavings: 1_100,
      inputs: {
        spend: 250_000,
        expectedEnrolment: 0.35,
        rebateRate: 0.012,
        spendToCard: 87_500,
        payments: [
          {
            method: 'Cheque',
            payments: 160,
            costPerPayment: 20,
            cardCostPerPayment: 0.5,
            saving: 1_092,
          },
          {
            method: 'ACH',
            payments: 10,
            costPerPayment: 1.5,
            cardCostPerPayment: 0.5,
            saving: 3.5,
          },
          {
            method: 'Wire',
            payments: 1,
            costPerPayment: 15,
            cardCostPerPayment: 0.5,
            saving: 5.08,
          },
        ],
      },
    },
    risk: {
      level: 'Medium',
      reasons: ['The largest supplier holds 30% of the spend.'],
      lowConfidenceShare: 0,
      unmatchedShare: 0,
      noContactShare: 0.1,
      largestSupplierShare: 0.3,
    },
  },
};
const list: UseCaseList = { currency: 'GBP', useCases: [useCase] };
const page = (collection: SupplierResult[]) => ({
  collection,
  currentPage: 1,
  hasNextPage: false,
  hasPreviousPage: false,
  pageSize: 25,
  totalCount: collection.length,
  totalPages: 1,
});

const api = (extra: Parameters<typeof mockApi>[0] = {}) =>
  mockApi({
    ...signedInApi(profile),
    [`GET ${jobPath}`]: { body: job },
    [`GET ${jobPath}/use-cases`]: { body: list },
    [`GET /api/v1/use-case-templates`]: { body: USE_CASE_TEMPLATES },
    [`GET ${jobPath}/use-cases/${USE_CASE_ID}`]: { body: useCase },
    [`POST ${jobPath}/use-cases/${USE_CASE_ID}/suppliers`]: { body: page([supplier]) },
    [`GET ${jobPath}/insights/chart`]: {
      body: {
        chart: 'Countries',
        slicer: 'Overall',
        slicerValue: 'All',
        product: 'All',
        measure: 'spend',
        available: true,
        reason: null,
        bars: [],
      },
    },
    ...extra,
  });

describe('use case pages', () => {
  it('lists the job’s use cases and creates one from a template', async () => {
    const fetchMock = api({
      [`POST ${jobPath}/use-cases`]: (request) => ({
        status: 201,
        body: {
          ...useCase,
          id: '77777777-7777-4777-8777-777777777777',
          name: (request.body as { name: string }).name,
        },
      }),
    });
    renderApp(`/jobs/${JOB_ID}/use-cases`);
    const table = await screen.findByRole('table', { name: 'Use cases' });
    const row = within(table).getByRole('row', { name: /Cheque payers who take cards/ });
    expect(
      within(row).getByRole('link', { name: 'Cheque payers who take cards' }).getAttribute('href'),
    ).toBe(`/jobs/${JOB_ID}/use-cases/${USE_CASE_ID}`);
    expect(text(row)).toContain('Virtual Card');
    expect(text(row)).toContain('12');
    expect(text(row)).toContain('£250,000');
    expect(text(row)).toContain('£2,150');
    expect(within(row).getByText('Medium risk')).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'New use case' }));
    const gallery = await screen.findByRole('dialog', { name: 'New use case' });
    const stp = await within(gallery).findByRole('region', { name: 'STP' });
    await user.click(within(stp).getByRole('button', { name: 'Use template High STP score' }));
    const editor = await screen.findByRole('dialog', { name: 'New use case' });
    expect((within(editor).getByLabelText(/^Name/) as HTMLInputElement).value).toBe(
      'High STP score',
    );
    expect(within(editor).getAllByRole('group', { name: /Rule line/ })).toHaveLength(2);
    await user.click(within(editor).getByRole('button', { name: 'Remove rule line 1' }));
    await user.click(within(editor).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', `${jobPath}/use-cases`)).toHaveLength(1));
    const body = JSON.parse(
      String(callsTo(fetchMock, 'POST', `${jobPath}/use-cases`)[0]![1]!.body),
    ) as {
      templateKey: string;
      cardProduct: string;
      rule: { filters: { propertyName: string; value: unknown }[] };
    };
    expect(body).toMatchObject({ templateKey: 'stp-high-score', cardProduct: 'Stp' });
    expect(body.rule.filters).toEqual([
      {
        propertyName: 'stpScore',
        comparisonOperator: 'GreaterThanOrEqual',
        value: '70',
        allowNullValue: false,
      },
    ]);
  });

  it('keeps the editor open with the server’s reason when a rule line is refused', async () => {
    const message = 'body.rule.filters[0].value must be one of MATCHED, UNMATCHED';
    api({
      [`PUT ${jobPath}/use-cases/${USE_CASE_ID}`]: {
        status: 400,
        body: { success: false, message, statusCode: 400 },
      },
    });
    renderApp(`/jobs/${JOB_ID}/use-cases`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const editor = await screen.findByRole('dialog', { name: `Edit ${useCase.name}` });
    const line = within(editor).getByRole('group', { name: 'Rule line 1' });
    const value = within(line).getByLabelText('Value');
    await user.clear(value);
    await user.type(value, 'maybe');
    await user.click(within(editor).getByRole('button', { name: 'Save' }));
    expect(text(await within(editor).findByRole('alert'))).toContain(message);
    expect(screen.getByRole('dialog', { name: `Edit ${useCase.name}` })).toBeTruthy();
  });

  it('says who edits a use case instead of opening its editor while they hold its lock', async () => {
    api(entityLockApi(profile.id, { current: OTHER_EDITOR_ID }));
    renderApp(`/jobs/${JOB_ID}/use-cases`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Use case being edited' });
    expect(await within(dialog).findByText(/Read only: Tess Tester/)).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: `Edit ${useCase.name}` })).toBeNull();
  });

  it('shows a use case’s facts, value inputs, risk reasons and supplier grid', async () => {
    api();
    renderApp(`/jobs/${JOB_ID}/use-cases/${USE_CASE_ID}`);
    const value = await screen.findByRole('region', { name: 'Estimated value' });
    expect(within(value).getByText('35%')).toBeTruthy();
    expect(within(value).getByText('1.2%')).toBeTruthy();
    expect(
      text(within(value).getByRole('table', { name: 'Process savings by payment method' })),
    ).toContain('160');
    expect(text(screen.getByRole('list', { name: 'Risk reasons' }))).toContain(
      'The largest supplier holds 30% of the spend.',
    );
    expect(
      screen.getByText(
        'Medium risk · 0% Low or no confidence · 0% unmatched · 10% without a contact e-mail · largest supplier 30% of spend',
      ),
    ).toBeTruthy();
    expect(text(screen.getByRole('list', { name: 'Rule' }))).toContain('Accepts card is MATCHED');
    const grid = await screen.findByRole('grid', { name: 'Use case suppliers' });
    expect(
      (await within(grid).findByRole('link', { name: 'Acme Supplies Ltd' })).getAttribute('href'),
    ).toBe(`/jobs/${JOB_ID}/use-cases/${USE_CASE_ID}/S-1`);
  });

  it('shows why a supplier is (not) in a use case, line by line', async () => {
    const answer: UseCaseSupplier = {
      useCaseId: USE_CASE_ID,
      useCaseName: useCase.name,
      supplier,
      inUseCase: false,
      leftOutBy: null,
      checks: [
        {
          index: 0,
          propertyName: 'cardAccepting',
          comparisonOperator: 'Equal',
          value: 'MATCHED',
          supplierValue: 'MATCHED',
          passes: true,
        },
        {
          index: 1,
          propertyName: 'mainPaymentMethod',
          comparisonOperator: 'NotEqual',
          value: 'Cheque',
          supplierValue: 'Cheque',
          passes: false,
        },
      ],
    };
    api({ [`GET ${jobPath}/use-cases/${USE_CASE_ID}/suppliers/S-1`]: { body: answer } });
    renderApp(`/jobs/${JOB_ID}/use-cases/${USE_CASE_ID}/S-1`);
    const lines = await screen.findByRole('table', { name: 'Rule lines' });
    const rows = within(lines).getAllByRole('row').slice(1);
    expect(text(rows[0])).toContain('Accepts card is MATCHED');
    expect(text(within(rows[0]!).getByLabelText('Meets it'))).toContain('✓');
    expect(text(rows[1])).toContain('Main payment method is not Cheque');
    expect(text(within(rows[1]!).getByLabelText('Does not meet it'))).toContain('✗');
    expect(screen.getByText(/misses 1 line/)).toBeTruthy();
  });

  it('says when the issuer’s exclude list keeps a supplier out of every use case', async () => {
    const answer: UseCaseSupplier = {
      useCaseId: USE_CASE_ID,
      useCaseName: useCase.name,
      supplier,
      inUseCase: false,
      leftOutBy: 'IssuerExcludeList',
      checks: [
        {
          index: 0,
          propertyName: 'cardAccepting',
          comparisonOperator: 'Equal',
          value: 'MATCHED',
          supplierValue: 'MATCHED',
          passes: true,
        },
      ],
    };
    api({ [`GET ${jobPath}/use-cases/${USE_CASE_ID}/suppliers/S-1`]: { body: answer } });
    renderApp(`/jobs/${JOB_ID}/use-cases/${USE_CASE_ID}/S-1`);
    expect(
      await screen.findByText(/Not in “.*”: the issuer’s supplier exclude list names it\./),
    ).toBeTruthy();
  });

  it('prints a summary with top suppliers and campaign progress', async () => {
    api({
      ...signedInApi(reportReader),
      [`POST ${jobPath}/campaign-workflows/list`]: {
        body: {
          ...page([]),
          collection: [
            campaign('Cheque payers to Virtual Card', [USE_CASE_ID], 'Active', [10, 1, 5, 3, 1]),
            campaign(
              'Everyone, by the buyer',
              [USE_CASE_ID, OTHER_ID],
              'Completed',
              [4, 0, 0, 1, 3],
            ),
            campaign('Elsewhere', [OTHER_ID], 'Pending', [2, 2, 0, 0, 0]),
          ],
          totalCount: 3,
        },
      },
    });
    renderApp(`/jobs/${JOB_ID}/report/use-cases`);
    const summary = await screen.findByRole('table', { name: 'Use case summary' });
    expect(text(summary)).toContain('Cheque payers who take cards');
    expect(text(summary)).toContain('£2,150');
    const top = await screen.findByRole('table', {
      name: 'Top suppliers of Cheque payers who take cards',
    });
    expect(text(top)).toContain('Acme Supplies Ltd');
    const progress = await screen.findByRole('table', { name: 'Campaign progress by use case' });
    const rows = within(progress)
      .getAllByRole('row')
      .map((r) =>
        within(r)
          .queryAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows.slice(1)).toEqual([
      [],
      ['Cheque payers to Virtual Card', 'Issuer', 'Active', '10', '1', '5', '3', '1'],
      ['Everyone, by the buyer', 'Issuer', 'Completed', '4', '0', '0', '1', '3'],
      // Each campaign once in the total, though one was made from two use cases.
      ['All campaigns of this job (3)', '16', '3', '5', '4', '4'],
    ]);
    expect(text(within(progress).getAllByRole('rowheader')[0])).toBe(
      'Cheque payers who take cards',
    );
    expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy();
  });

  it('says so when the job has no campaigns', async () => {
    api({
      ...signedInApi(reportReader),
      [`POST ${jobPath}/campaign-workflows/list`]: { body: page([]) },
    });
    renderApp(`/jobs/${JOB_ID}/report/use-cases`);
    const region = await screen.findByRole('region', { name: 'Campaign progress' });
    await waitFor(() => expect(text(region)).toContain('No campaigns yet for this job.'));
  });

  it('leaves campaigns out for a reader who may not view them', async () => {
    const fetchMock = api();
    renderApp(`/jobs/${JOB_ID}/report/use-cases`);
    await screen.findByRole('table', { name: 'Use case summary' });
    expect(text(screen.getByRole('region', { name: 'Campaign progress' }))).toContain(
      'Campaign progress is shown to users who may view campaigns.',
    );
    expect(callsTo(fetchMock, 'POST', `${jobPath}/campaign-workflows/list`)).toHaveLength(0);
  });
});
