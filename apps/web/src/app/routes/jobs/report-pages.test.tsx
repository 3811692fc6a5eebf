import type {
  InsightChartData,
  JobSummary,
  PreparedDownload,
  ReportTopSuppliers,
} from '@b2b/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  JOB_ID,
  jobDetails,
  profileWith,
  supplierResult,
} from '../../../modules/jobs/test/job-fixtures';
import { callsTo, mockApi, type MockRequest } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { signedInApi } from '../../../test/signed-in-api';
import { STORY_SLIDE_MS } from '../../../modules/reports/pages/presentation-page';

const jobPath = `/api/v1/job-artifacts/${JOB_ID}`;
const DOWNLOAD_ID = '88888888-8888-4888-8888-888888888888';
const profile = profileWith([
  'JobSummaryAccessor',
  'JobInsightsAccessor',
  'JobReportAccessor',
  'JobPresentationAccessor',
]);
const job = jobDetails({ status: 'Completed', currency: 'GBP', name: 'Spring suppliers' });

const PRODUCTS = [
  ['Optima', 'Optima'],
  ['Stp', 'STP'],
  ['Vcard', 'Virtual Card'],
  ['Pcard', 'PCard'],
  ['TandEcard', 'T&E Card'],
  ['Scf', 'SCF'],
  ['InstantPay', 'Instant Pay'],
  ['Boost', 'Boost'],
] as const;

const summary: JobSummary = {
  jobId: JOB_ID,
  currency: 'GBP',
  computedAt: '2026-11-21T10:00:00.000Z',
  tiles: {
    jobCount: 1,
    suppliers: 50,
    organizations: 1,
    spend: 1_250_000,
    pos: 0,
    invoices: 200,
    payments: 400,
    averages: { APOV: null, AIV: 6250, APV: 3125 },
  },
  spendByProduct: PRODUCTS.map(([product, name], i) => ({
    product,
    name,
    suppliers: 10 - i,
    spend: 100_000 - i * 1000,
  })),
  matchOutcome: [
    { status: 'MATCHED', suppliers: 30, spend: 800_000 },
    { status: 'UNMATCHED', suppliers: 20, spend: 450_000 },
  ],
  confidence: [],
  cardAcceptance: {
    spendPercent: 56,
    supplierPercent: 44,
    matched: [{ acceptsCard: 'YES', suppliers: 22, spend: 700_000 }],
  },
  unavailableCharts: [],
};

const top: ReportTopSuppliers = PRODUCTS.map(([product, name]) => ({
  product,
  name,
  suppliers:
    product === 'Vcard' ? [supplierResult({ supplierKey: 'S-1', supplierName: 'Acme Ltd' })] : [],
}));

function chartReply(request: MockRequest) {
  const data: InsightChartData = {
    chart: request.query.get('chart') as InsightChartData['chart'],
    slicer: 'Overall',
    slicerValue: 'All',
    product: 'All',
    measure: 'spend',
    available: true,
    reason: null,
    bars: [
      {
        key: 'GBR',
        label: 'GBR',
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

const download = (state: PreparedDownload['state'], progress: number): PreparedDownload => ({
  id: DOWNLOAD_ID,
  jobId: JOB_ID,
  jobName: job.name,
  kind: 'report-pdf',
  label: 'Insights Report (PDF)',
  format: 'pdf',
  state,
  progress,
  fileName: 'Spring_suppliers_report-pdf.pdf',
  sizeBytes: state === 'Ready' ? 1234 : null,
  errorMessage: null,
  createdAt: '2026-11-21T10:00:00.000Z',
  readyAt: state === 'Ready' ? '2026-11-21T10:00:03.000Z' : null,
  expiresAt: '2026-11-28T10:00:00.000Z',
});

const reportApi = () => ({
  ...signedInApi(profile),
  [`GET ${jobPath}`]: { body: job },
  [`GET ${jobPath}/insights/summary`]: { body: summary },
  [`GET ${jobPath}/insights/slicers`]: {
    body: [{ slicer: 'Overall', values: [{ value: 'All', suppliers: 50, spend: 1_250_000 }] }],
  },
  [`GET ${jobPath}/insights/chart`]: chartReply,
  [`GET ${jobPath}/report/top-suppliers`]: { body: top },
});

describe('the Insights Report', () => {
  it('shows the tiles, products in display order, top suppliers and method notes', async () => {
    mockApi(reportApi());
    renderApp(`/jobs/${JOB_ID}/report/insights`);
    const tiles = await screen.findByRole('region', { name: 'Summary' });
    for (const label of ['Suppliers', 'Spend', 'POs', 'Invoices', 'Payments'])
      expect(within(tiles).getByText(label)).toBeTruthy();
    const products = await screen.findByRole('table', { name: 'Spend by card product' });
    expect(
      within(products)
        .getAllByRole('rowheader')
        .map((c) => c.textContent),
    ).toEqual(PRODUCTS.map(([, name]) => name));
    const vcard = await screen.findByRole('table', { name: 'Top Virtual Card suppliers' });
    expect(within(vcard).getByText('Acme Ltd')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Top STP suppliers' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Method notes' }).textContent).toContain('Matching');
    await waitFor(
      () =>
        expect(
          document.querySelector('[data-report-ready]')?.getAttribute('data-report-ready'),
        ).toBe('true'),
      { timeout: 4000 },
    );
  });

  it('asks for the PDF, follows its progress and offers the file', async () => {
    const user = userEvent.setup();
    let asked = 0;
    const fetchMock = mockApi({
      ...reportApi(),
      [`POST ${jobPath}/downloads`]: { status: 201, body: download('Queued', 0) },
      [`GET /api/v1/downloads/${DOWNLOAD_ID}`]: () => ({
        body: ++asked < 2 ? download('Running', 40) : download('Ready', 100),
      }),
    });
    renderApp(`/jobs/${JOB_ID}/report/insights`);
    await user.click(await screen.findByRole('button', { name: 'Download PDF' }));
    const call = callsTo(fetchMock, 'POST', `${jobPath}/downloads`).at(-1)!;
    expect(JSON.parse(String(call[1]?.body))).toEqual({
      kind: 'report-pdf',
      format: 'pdf',
      params: { analysisReportType: 'insights', params: '' },
    });
    const link = await screen.findByRole(
      'link',
      { name: 'Spring_suppliers_report-pdf.pdf' },
      {
        timeout: 5000,
      },
    );
    expect(link.getAttribute('href')).toBe(`/api/v1/downloads/${DOWNLOAD_ID}/file`);
  });
});

describe('the printable route', () => {
  it('prints the report body in the printable frame', async () => {
    mockApi(reportApi());
    renderApp(`/jobs/${JOB_ID}/printable/insights`);
    await screen.findByRole('table', { name: 'Spend by card product' });
    expect(document.querySelector('[data-frame="printable"]')).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Download PDF' })).toBeNull();
  });

  it('says a report type is unknown instead of failing', async () => {
    mockApi(reportApi());
    renderApp(`/jobs/${JOB_ID}/printable/horoscope`);
    expect(await screen.findByText(/Unknown report type “horoscope”/)).toBeTruthy();
  });
});

describe('the Insights Presentation', () => {
  it('moves between slides with the arrow keys and offers the PowerPoint file', async () => {
    mockApi(reportApi());
    renderApp(`/jobs/${JOB_ID}/presentation`);
    const counter = await screen.findByText(/^Slide 1 of \d+$/);
    const total = Number(/of (\d+)/.exec(counter.textContent ?? '')![1]);
    // Title, summary, products, acceptance, six charts, one product's top suppliers, method.
    expect(total).toBe(12);
    expect(screen.getByRole('region', { name: 'Spring suppliers' })).toBeTruthy();
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(await screen.findByText(`Slide 2 of ${total}`)).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Summary' })).toBeTruthy();
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expect(await screen.findByText(`Slide 1 of ${total}`)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download PowerPoint' }).getAttribute('href')).toBe(
      `${jobPath}/presentation.pptx`,
    );
    // The story is the job team's (StoryVideo_VIEW).
    expect(screen.queryByRole('button', { name: 'Play story' })).toBeNull();
  });

  it('plays the job’s story slide after slide for those with StoryVideo_VIEW, and pauses', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      mockApi({
        ...reportApi(),
        ...signedInApi({ ...profile, permissions: [...profile.permissions, 'StoryVideo_VIEW'] }),
      });
      renderApp(`/jobs/${JOB_ID}/presentation`);
      await screen.findByText('Slide 1 of 12');
      fireEvent.click(screen.getByRole('button', { name: 'Play story' }));
      await act(() => vi.advanceTimersByTimeAsync(STORY_SLIDE_MS));
      expect(screen.getByText('Slide 2 of 12')).toBeTruthy();
      await act(() => vi.advanceTimersByTimeAsync(STORY_SLIDE_MS));
      expect(screen.getByText('Slide 3 of 12')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Pause story' }));
      await act(() => vi.advanceTimersByTimeAsync(STORY_SLIDE_MS * 2));
      expect(screen.getByText('Slide 3 of 12')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });
});
