import {
  SHIPPED_ASSUMPTIONS,
  type BusinessCaseContext,
  type BusinessCaseScenario,
  type SpendAggregates,
} from '@b2b/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  ISSUER_ID,
  JOB_ID,
  jobDetails,
  profileWith,
} from '../../../modules/jobs/test/job-fixtures';
import { callsTo, mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { signedInApi } from '../../../test/signed-in-api';

const jobPath = `/api/v1/job-artifacts/${JOB_ID}`;
const job = jobDetails({ status: 'Completed', currency: 'GBP' });
const profile = profileWith([
  'JobBusinessCaseCalculatorAccessor',
  'JobBusinessCaseDownloadAccessor',
]);
const SCENARIO_ID = '66666666-6666-4666-8666-666666666666';

const context = (scenarios: BusinessCaseScenario[] = []): BusinessCaseContext => ({
  jobId: JOB_ID,
  jobName: job.name,
  status: 'Completed',
  currency: 'GBP',
  issuerId: ISSUER_ID,
  issuerName: 'PayTech Bank',
  defaults: SHIPPED_ASSUMPTIONS,
  defaultsSource: 'shipped',
  defaultsUpdatedAt: null,
  canEditDefaults: false,
  scenarios,
});
// 100,000 a year paid by cheque (120 payments) under Virtual Card, High scorers.
const spend: SpendAggregates = {
  jobId: JOB_ID,
  currency: 'GBP',
  source: { kind: 'scoreLevel', levels: ['High', 'Medium', 'Low', 'None'] },
  cells: [
    {
      product: 'Vcard',
      level: 'High',
      method: 'Cheque',
      suppliers: 2,
      spend: 100000,
      payments: 120,
    },
  ],
  unscoredSuppliers: 0,
};

const api = (extra: Parameters<typeof mockApi>[0] = {}) =>
  mockApi({
    ...signedInApi(profile),
    [`GET ${jobPath}`]: { body: job },
    [`GET ${jobPath}/use-cases`]: { body: { currency: 'GBP', useCases: [] } },
    [`POST ${jobPath}/business-case/spend`]: { body: spend },
    ...extra,
  });

const netTotal = () => screen.getByTestId('total-netValue').textContent;

describe('business case pages', () => {
  it('recomputes the total as an input changes and names an invalid one', async () => {
    const fetchMock = api({ [`GET ${jobPath}/business-case`]: { body: context() } });
    renderApp(`/jobs/${JOB_ID}/business-case-calculator`);
    await screen.findByRole('table', { name: 'Business case by card product' });
    // Shipped defaults: 35 / 50 / 70 % adoption of 100,000 a year paid by 120 cheques, Virtual
    // Card's 1.2 % rebate, 19.50 saved a cheque, (30 / 2 + 25) days at 5 %: rebate 1,860 +
    // process savings 3,627 + working capital 155,000 × 40 / 365 × 5 % = 849.32.
    await waitFor(() => expect(netTotal()).toBe('£6,336.32'));

    const year1 = screen.getByRole('spinbutton', { name: 'Adoption year 1' });
    fireEvent.change(year1, { target: { value: '45' } });
    await waitFor(() => expect(netTotal()).toBe('£6,745.11'));

    fireEvent.change(year1, { target: { value: '140' } });
    expect(await screen.findByText('Adoption in year 1 must be between 0 and 100 %')).toBeTruthy();
    expect(netTotal()).toBe('£6,745.11');
    // The aggregates were fetched once; every recompute ran in the browser.
    expect(callsTo(fetchMock, 'POST', `${jobPath}/business-case/spend`)).toHaveLength(1);
  });

  it('picks suppliers by a search, the total follows them and the scenario keeps them', async () => {
    const acme = {
      supplierKey: 'acme ltd',
      supplierName: 'Acme Ltd',
      country: 'GBR',
      product: 'Vcard' as const,
      level: 'Low' as const,
      spend: 50000,
    };
    // Acme alone: 50,000 a year by 60 cheques, a Low scorer (a chosen supplier counts at any
    // level): half the spend and payments of the whole job, so half its net value.
    const acmeSpend: SpendAggregates = {
      ...spend,
      source: { kind: 'suppliers', supplierKeys: [acme.supplierKey] },
      cells: [{ ...spend.cells[0]!, level: 'Low', suppliers: 1, spend: 50000, payments: 60 }],
    };
    let scenarios: BusinessCaseScenario[] = [];
    const fetchMock = api({
      [`GET ${jobPath}/business-case`]: () => ({ body: context(scenarios) }),
      [`POST ${jobPath}/business-case/spend`]: ({ body }) => ({
        body:
          (body as { source: { kind: string } }).source.kind === 'suppliers' ? acmeSpend : spend,
      }),
      [`POST ${jobPath}/business-case/suppliers`]: ({ body }) => ({
        body: {
          suppliers: (body as { search?: string }).search?.toLowerCase().startsWith('acm')
            ? [acme]
            : [],
          more: false,
        },
      }),
      [`POST ${jobPath}/business-case/scenarios`]: ({ body }) => {
        const created = {
          ...(body as Pick<BusinessCaseScenario, 'name' | 'inputs'>),
          id: SCENARIO_ID,
          jobId: JOB_ID,
          createdBy: null,
          createdByName: 'me',
          createdAt: '2026-01-02T09:00:00.000Z',
          updatedAt: '2026-01-02T09:00:00.000Z',
          canChange: true,
        };
        scenarios = [created];
        return { status: 201, body: created };
      },
    });
    renderApp(`/jobs/${JOB_ID}/business-case-calculator`);
    await waitFor(() => expect(netTotal()).toBe('£6,336.32'));

    fireEvent.click(screen.getByRole('button', { name: 'Chosen suppliers' }));
    const picker = screen.getByRole('combobox', { name: 'Chosen suppliers' });
    const user = userEvent.setup();
    await user.type(picker, 'acm');
    await user.click(await screen.findByRole('option', { name: /Acme Ltd/ }));
    expect(screen.getByText(/1 chosen/)).toBeTruthy();
    await waitFor(() => expect(netTotal()).toBe('£3,168.16'));
    const asked = callsTo(fetchMock, 'POST', `${jobPath}/business-case/spend`).map(
      ([, init]) => JSON.parse(String(init?.body)) as unknown,
    );
    expect(asked).toContainEqual({ source: { kind: 'suppliers', supplierKeys: ['acme ltd'] } });

    fireEvent.change(screen.getByLabelText('Scenario name'), { target: { value: 'Acme only' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save as new scenario' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST', `${jobPath}/business-case/scenarios`)).toHaveLength(1),
    );
    const saved = JSON.parse(
      String(callsTo(fetchMock, 'POST', `${jobPath}/business-case/scenarios`)[0]![1]?.body),
    ) as BusinessCaseScenario;
    expect(saved.inputs.source).toEqual({ kind: 'suppliers', supplierKeys: ['acme ltd'] });
  });

  it('offers the workbook of the defaults and of each saved scenario', async () => {
    const scenario: BusinessCaseScenario = {
      id: SCENARIO_ID,
      jobId: JOB_ID,
      name: 'Bold',
      inputs: {
        years: 2,
        source: { kind: 'scoreLevel', levels: ['High'] },
        assumptions: SHIPPED_ASSUMPTIONS,
      },
      createdBy: null,
      createdByName: 'issuer@example.com',
      createdAt: '2026-01-02T09:00:00.000Z',
      updatedAt: '2026-01-02T09:00:00.000Z',
      canChange: false,
    };
    api({ [`GET ${jobPath}/business-case`]: { body: context([scenario]) } });
    renderApp(`/jobs/${JOB_ID}/business-case-download`);
    const table = await screen.findByRole('table', { name: 'Business case downloads' });
    const links = within(table).getAllByRole('link', { name: /Download the workbook of/ });
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      `${jobPath}/business-case/workbook.xlsx`,
      `${jobPath}/business-case/workbook.xlsx?scenarioId=${SCENARIO_ID}`,
    ]);

    // The PDF summary of a scenario prints its printable route (a queued download).
    let requested: unknown;
    api({
      [`GET ${jobPath}/business-case`]: { body: context([scenario]) },
      [`POST ${jobPath}/downloads`]: ({ body }) => {
        requested = body;
        return { status: 500, body: { success: false, message: 'stop here', statusCode: 500 } };
      },
    });
    fireEvent.click(within(table).getByRole('button', { name: 'Download PDF: summary of Bold' }));
    await waitFor(() =>
      expect(requested).toEqual({
        kind: 'report-pdf',
        format: 'pdf',
        params: { analysisReportType: 'business-case', params: SCENARIO_ID },
      }),
    );
  });
});
