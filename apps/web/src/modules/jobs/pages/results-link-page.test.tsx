import { MESSAGES, type ResultsLinkSession } from '@b2b/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { defaultBranding } from '../../../test/fixtures';
import { callsTo, mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { JOB_ID, jobDetails, jobSummary, supplierResult } from '../test/job-fixtures';

const TOKEN = 'R'.repeat(43);
const openPath = `/api/v1/results-link/${TOKEN}/session`;
const jobPath = `/api/v1/job-artifacts/${JOB_ID}`;
const job = jobDetails({ status: 'Completed', currency: 'GBP', isPublished: true });
const session: ResultsLinkSession = {
  jobId: JOB_ID,
  jobName: job.name,
  issuerName: 'PayTech Bank',
  branding: null,
  expiresAt: '2026-12-05T08:00:00.000Z',
};
const gone = {
  status: 410,
  body: {
    success: false,
    message: MESSAGES.magicLinkGone,
    statusCode: 410,
    code: 'magic-link-gone',
  },
};

describe('results link page (SPEC §3 MagicLinkUser)', () => {
  it('opens the link once, signed out, and shows the summary and suppliers read-only', async () => {
    const user = userEvent.setup();
    const supplier = supplierResult({ supplierName: 'Acme Trading Ltd', optimaScore: null });
    const fetchMock = mockApi({
      'GET /api/v2/brandings/by-domain': { body: defaultBranding },
      [`POST ${openPath}`]: { status: 201, body: session },
      [`GET ${jobPath}`]: { body: job },
      [`GET ${jobPath}/insights/summary`]: { body: jobSummary },
      [`GET ${jobPath}/insights/slicers`]: {
        body: [{ slicer: 'Overall', values: [{ value: 'All', suppliers: 50, spend: 1_250_000 }] }],
      },
      [`POST ${jobPath}/suppliers`]: {
        body: {
          collection: [supplier],
          currentPage: 1,
          hasNextPage: false,
          hasPreviousPage: false,
          pageSize: 25,
          totalCount: 1,
          totalPages: 1,
        },
      },
    });
    renderApp(`/results-link/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: job.name })).toBeTruthy();
    expect(
      screen.getByText(/PayTech Bank shares the results of this analysis with you, read-only/),
    ).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Spend by card product' })).toBeTruthy();
    // The narrative calls a model on the issuer's account: not offered through a link.
    expect(screen.queryByRole('region', { name: 'Narrative' })).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Suppliers' }));
    const table = await screen.findByRole('table', { name: 'Suppliers' });
    const row = within(table).getByRole('row', { name: /Acme Trading Ltd/ });
    // Each product's level, as a reader sees it (no score numbers).
    expect(within(row).getAllByText(supplier.optimaLevel!).length).toBeGreaterThan(0);
    expect(within(row).queryByText(/\d+ · /)).toBeNull();
    expect(callsTo(fetchMock, 'POST', openPath)).toHaveLength(1);
  });

  it('says a dead link can no longer be used and shows nothing else', async () => {
    mockApi({
      'GET /api/v2/brandings/by-domain': { body: defaultBranding },
      [`POST ${openPath}`]: gone,
    });
    renderApp(`/results-link/${TOKEN}`);
    expect(
      await screen.findByRole('heading', { name: 'This link can no longer be used' }),
    ).toBeTruthy();
    expect(screen.getByText(MESSAGES.magicLinkGone)).toBeTruthy();
    expect(screen.queryByText(/PayTech/)).toBeNull();
  });

  it('shows the dead-link page once the session ends (revoked or expired link)', async () => {
    mockApi({
      'GET /api/v2/brandings/by-domain': { body: defaultBranding },
      [`POST ${openPath}`]: { status: 201, body: session },
      [`GET ${jobPath}`]: {
        status: 401,
        body: {
          success: false,
          message: 'Your session has expired.',
          statusCode: 401,
          code: 'session-expired',
        },
      },
    });
    renderApp(`/results-link/${TOKEN}`);
    expect(
      await screen.findByRole('heading', { name: 'This link can no longer be used' }),
    ).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
  });
});
