import type { InsightChartData } from '@b2b/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { callsTo, mockApi, type MockRequest } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { GERMAN, backToEnglish, germanUserApi } from '../../../test/german';
import { signedInApi } from '../../../test/signed-in-api';
import { JOB_ID, jobDetails, jobSummary, profileWith } from '../test/job-fixtures';

const jobPath = `/api/v1/job-artifacts/${JOB_ID}`;
const profile = profileWith(['JobSummaryAccessor', 'JobInsightsAccessor']);
const job = jobDetails({ status: 'Completed', currency: 'GBP' });

const summary = jobSummary;

const slicers = [
  { slicer: 'Overall', values: [{ value: 'All', suppliers: 50, spend: 1_250_000 }] },
  {
    slicer: 'Card Accepting',
    values: [
      { value: 'MATCHED', suppliers: 30, spend: 800_000 },
      { value: 'UNMATCHED', suppliers: 20, spend: 450_000 },
    ],
  },
  { slicer: 'VC Accepting', values: [] },
  { slicer: 'Detail Level', values: [] },
  { slicer: 'STP Capable', values: [] },
  { slicer: 'Card Capability', values: [] },
];

function chartReply(request: MockRequest) {
  const chart = request.query.get('chart') as InsightChartData['chart'];
  const slicerValue = request.query.get('slicerValue') ?? 'All';
  const data: InsightChartData = {
    chart,
    slicer: (request.query.get('slicer') ?? 'Overall') as InsightChartData['slicer'],
    slicerValue,
    product: 'All',
    measure: 'spend',
    available: chart !== 'IndustriesNaics',
    reason: chart === 'IndustriesNaics' ? "This job's data has no NAICS codes." : null,
    bars:
      chart === 'IndustriesNaics'
        ? []
        : [
            {
              key: 'GBR',
              label: slicerValue === 'UNMATCHED' ? 'GBR unmatched' : 'GBR',
              value: 900_000,
              suppliers: 40,
              spend: 900_000,
              pos: 0,
              invoices: 150,
              payments: 300,
              documents: 450,
              avgTermsDays: null,
              avgDaysToPay: null,
            },
          ],
  };
  return { body: data };
}

describe('job summary and insights tabs', () => {
  it('shows the tiles with their averages, spend by product in display order and card acceptance', async () => {
    mockApi({
      ...signedInApi(profile),
      [`GET ${jobPath}`]: { body: job },
      [`GET ${jobPath}/insights/summary`]: { body: summary },
      [`GET ${jobPath}/insights/slicers`]: { body: slicers },
    });
    renderApp(`/jobs/${JOB_ID}/summary`);
    const suppliers = await screen.findByRole('region', { name: 'Suppliers' });
    expect(within(suppliers).getByText('50')).toBeTruthy();
    const invoices = screen.getByRole('region', { name: 'Invoices' });
    expect(within(invoices).getByTitle('Average invoice value').textContent).toBe('AIV');
    const products = within(screen.getByRole('region', { name: 'Spend by card product' }))
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent);
    expect(products).toEqual([
      'Optima',
      'STP',
      'Virtual Card',
      'PCard',
      'T&E Card',
      'SCF',
      'Instant Pay',
      'Boost',
    ]);
    expect(screen.getByRole('img', { name: 'Card acceptance: 56% of spend' })).toBeTruthy();
    expect(screen.getByText(/56% of spend and 44% of suppliers/)).toBeTruthy();
  });

  it('writes a narrative on request and says who wrote it', async () => {
    const fetchMock = mockApi({
      ...signedInApi(profile),
      [`GET ${jobPath}`]: { body: job },
      [`GET ${jobPath}/insights/summary`]: { body: summary },
      [`GET ${jobPath}/insights/slicers`]: { body: slicers },
      'POST /api/v1/augmented-text': {
        body: {
          text: 'The analysis covers 50 suppliers.',
          writtenBy: 'template',
          model: null,
          promptName: null,
          note: 'The model did not answer (timeout); this is the offline template’s text.',
        },
      },
    });
    renderApp(`/jobs/${JOB_ID}/summary`);
    const narrative = await screen.findByRole('region', { name: 'Narrative' });
    await userEvent
      .setup()
      .click(within(narrative).getByRole('button', { name: 'Write a narrative' }));
    expect(await within(narrative).findByText('The analysis covers 50 suppliers.')).toBeTruthy();
    expect(within(narrative).getByText(/Written by the offline template/)).toBeTruthy();
    expect(within(narrative).getByText(/The model did not answer \(timeout\)/)).toBeTruthy();
    const [[input]] = callsTo(fetchMock, 'POST', '/api/v1/augmented-text');
    expect(new URL(String(input), 'http://localhost').searchParams.get('jobId')).toBe(JOB_ID);
  });

  it('counts the match outcome by match status, and card acceptance of the matched apart', async () => {
    mockApi({
      ...signedInApi(profile),
      [`GET ${jobPath}`]: { body: job },
      [`GET ${jobPath}/insights/summary`]: { body: summary },
      [`GET ${jobPath}/insights/slicers`]: { body: slicers },
    });
    renderApp(`/jobs/${JOB_ID}/summary`);
    const outcome = await screen.findByRole('region', { name: 'Match outcome' });
    const rowText = (table: HTMLElement, name: string) =>
      within(table)
        .getByRole('row', { name: new RegExp(`^${name}`) })
        .textContent?.replace(/\s+/g, ' ');
    expect(rowText(outcome, 'Matched to a reference merchant')).toMatch(/30/);
    expect(rowText(outcome, 'Not matched')).toMatch(/20/);
    const acceptance = screen.getByRole('table', { name: 'Card acceptance of matched suppliers' });
    expect(
      within(acceptance)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Accept cards', 'Do not accept cards', 'Acceptance unknown']);
    expect(rowText(acceptance, 'Do not accept cards')).toMatch(/5.*60,000/);
    expect(rowText(acceptance, 'Acceptance unknown')).toMatch(/3.*40,000/);
  });

  it('leaves the Insights tab out without the insights permission of the issuer base', async () => {
    mockApi({
      ...signedInApi({
        ...profile,
        permissions: profile.permissions.filter((p) => p !== 'Insights_VIEW'),
      }),
      [`GET ${jobPath}`]: { body: jobDetails({ status: 'Completed' }) },
    });
    renderApp(`/jobs/${JOB_ID}/insights`);
    expect(
      await screen.findByText('The Insights tab is not available to you for this job.'),
    ).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Job tabs' });
    expect(within(nav).getByRole('link', { name: 'Summary' })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'Insights' })).toBeNull();
  });

  it('says plainly why a job has no insights', async () => {
    mockApi({
      ...signedInApi(profile),
      [`GET ${jobPath}`]: { body: jobDetails({ status: 'Processing' }) },
      [`GET ${jobPath}/insights/summary`]: {
        status: 409,
        body: {
          success: false,
          statusCode: 409,
          message: "The job's insights are not ready yet: its status is Processing.",
        },
      },
      [`GET ${jobPath}/insights/slicers`]: { body: slicers },
    });
    renderApp(`/jobs/${JOB_ID}/summary`);
    expect(
      await screen.findByText("The job's insights are not ready yet: its status is Processing."),
    ).toBeTruthy();
  });

  it('draws every chart with a table of its data, names missing data, and follows the slicer', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({
      ...signedInApi(profile),
      [`GET ${jobPath}`]: { body: job },
      [`GET ${jobPath}/insights/slicers`]: { body: slicers },
      [`GET ${jobPath}/insights/chart`]: chartReply,
    });
    renderApp(`/jobs/${JOB_ID}/insights`);
    const countries = await screen.findByRole('region', { name: 'Spend by country' });
    expect(
      await within(countries).findByRole('table', { name: 'Spend by country data' }),
    ).toBeTruthy();
    // The table's rows follow the chart (rendered after it).
    expect(await within(countries).findByRole('rowheader', { name: 'GBR' })).toBeTruthy();
    const naics = screen.getByRole('region', { name: 'Industries (NAICS)' });
    expect(await within(naics).findByText("This job's data has no NAICS codes.")).toBeTruthy();
    // 'By Job' is for global insights; a job shows the band charts and the other chart kinds.
    expect(screen.queryByRole('region', { name: 'By Job' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Average document value by band' })).toBeTruthy();

    await user.click(screen.getByRole('combobox', { name: 'Slicer' }));
    await user.click(screen.getByRole('option', { name: 'Card Accepting' }));
    await user.click(screen.getByRole('combobox', { name: 'Value' }));
    await user.click(screen.getByRole('option', { name: 'UNMATCHED (20 suppliers)' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'Spend by country' })).getByRole('rowheader', {
          name: 'GBR unmatched',
        }),
      ).toBeTruthy(),
    );
    const asked = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname.endsWith('/insights/chart'))
      .map((url) => url.searchParams.get('slicerValue'));
    expect(asked).toContain('UNMATCHED');
  });
});

describe('the insights tab in German', () => {
  afterEach(backToEnglish);

  it("says why a chart is not available in the user's language", async () => {
    mockApi({
      ...signedInApi(profile),
      ...germanUserApi(),
      [`GET ${jobPath}`]: { body: job },
      [`GET ${jobPath}/insights/slicers`]: { body: slicers },
      [`GET ${jobPath}/insights/chart`]: chartReply,
    });
    renderApp(`/jobs/${JOB_ID}/insights`);
    const naics = await screen.findByRole('region', { name: GERMAN['Industries (NAICS)'] });
    // The missing data's words are a message of their own, said in German too.
    expect(
      await within(naics).findByText('Die Daten dieses Jobs enthalten keine NAICS-Codes.'),
    ).toBeTruthy();
  });
});
