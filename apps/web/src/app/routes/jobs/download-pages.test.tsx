import type { PreparedDownload } from '@b2b/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { JOB_ID, jobDetails, profileWith } from '../../../modules/jobs/test/job-fixtures';
import { callsTo, mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { signedInApi } from '../../../test/signed-in-api';

const jobPath = `/api/v1/job-artifacts/${JOB_ID}`;
const tabs = ['JobDataDownloadAccessor', 'JobMatchedDataOnlyDownloadAccessor'] as const;
const profile = profileWith([...tabs], ['CardNetworkSms_Integration']);
const DOWNLOAD_ID = '77777777-7777-4777-8777-777777777777';

const prepared = (overrides: Partial<PreparedDownload> = {}): PreparedDownload => ({
  id: DOWNLOAD_ID,
  jobId: JOB_ID,
  jobName: 'Acme analysis',
  kind: 'analysis-data',
  label: 'Analysis data (Onboarding: Onboarding download)',
  format: 'xlsx',
  state: 'Queued',
  progress: 0,
  fileName: 'acme-analysis-analysis-data-2026-11-27.xlsx',
  sizeBytes: null,
  errorMessage: null,
  createdAt: '2026-11-27T04:00:00.000Z',
  readyAt: null,
  expiresAt: '2026-12-04T04:00:00.000Z',
  ...overrides,
});

describe('data download pages', () => {
  it('links a small job’s download to the streamed file of the chosen profile and format', async () => {
    mockApi({
      ...signedInApi(profile),
      [`GET ${jobPath}`]: { body: jobDetails({ status: 'Completed', supplierCount: 1200 }) },
      'GET /api/v1/downloads': { body: [] },
    });
    renderApp(`/jobs/${JOB_ID}/analysis-data-download`);
    const link = await screen.findByRole('link', { name: 'Download CSV' });
    expect(link.getAttribute('href')).toBe(
      `${jobPath}/analysis-data-download?profile=analysis&format=csv`,
    );
    fireEvent.click(screen.getByRole('radio', { name: /^Onboarding/ }));
    fireEvent.click(screen.getByRole('radio', { name: 'Excel (XLSX)' }));
    expect(screen.getByRole('link', { name: 'Download Excel (XLSX)' }).getAttribute('href')).toBe(
      `${jobPath}/analysis-data-download?profile=onboarding&format=xlsx`,
    );
    expect(screen.getByText(/None yet/)).toBeTruthy();
    // The Analysis Data tab has the network files too.
    expect(screen.getByRole('link', { name: 'Visa supplier file' }).getAttribute('href')).toBe(
      `${jobPath}/network-files/visa`,
    );
  });

  it('prepares a large job’s download and lists it with its progress, then its file', async () => {
    let list: PreparedDownload[] = [];
    const fetchMock = mockApi({
      ...signedInApi(profile),
      [`GET ${jobPath}`]: { body: jobDetails({ status: 'Completed', supplierCount: 50_000 }) },
      'GET /api/v1/downloads': () => ({ body: list }),
      [`POST ${jobPath}/downloads`]: () => {
        list = [prepared({ state: 'Running', progress: 40 })];
        return { status: 201, body: prepared() };
      },
    });
    renderApp(`/jobs/${JOB_ID}/matched-data-only-download`);
    fireEvent.click(await screen.findByRole('radio', { name: 'Excel (XLSX)' }));
    expect(screen.getByText(/More than 20,000 suppliers/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Prepare Excel (XLSX)' }));
    await screen.findByText(/it appears in Your downloads when ready/);
    expect(callsTo(fetchMock, 'POST', `${jobPath}/downloads`)[0]![1]!.body).toBe(
      JSON.stringify({
        kind: 'matched-data-only-data',
        format: 'xlsx',
        params: { profile: 'matched-data-only' },
      }),
    );
    const table = await screen.findByRole('table', { name: 'Your downloads' });
    expect(within(table).getByText('Running (40%)')).toBeTruthy();

    list = [prepared({ state: 'Ready', progress: 100, sizeBytes: 2048 })];
    await waitFor(
      () =>
        expect(
          within(screen.getByRole('table', { name: 'Your downloads' }))
            .getByRole('link', { name: /^Download acme-analysis/ })
            .getAttribute('href'),
        ).toBe(`/api/v1/downloads/${DOWNLOAD_ID}/file`),
      { timeout: 5000 },
    );
    expect(screen.getByText('2.0 KB')).toBeTruthy();
    // Matched Data Only has no network files.
    expect(screen.queryByRole('region', { name: 'Network vendor files' })).toBeNull();
  });

  it('leaves the network vendor files out without the card-network integration', async () => {
    mockApi({
      ...signedInApi(profileWith([...tabs])),
      [`GET ${jobPath}`]: { body: jobDetails({ status: 'Completed', supplierCount: 1200 }) },
      'GET /api/v1/downloads': { body: [] },
    });
    renderApp(`/jobs/${JOB_ID}/analysis-data-download`);
    await screen.findByRole('link', { name: 'Download CSV' });
    expect(screen.queryByRole('region', { name: 'Network vendor files' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Visa supplier file' })).toBeNull();
  });

  it('says a job not Completed has nothing to download yet', async () => {
    mockApi({
      ...signedInApi(profile),
      [`GET ${jobPath}`]: { body: jobDetails({ status: 'Processing' }) },
      'GET /api/v1/downloads': { body: [] },
    });
    renderApp(`/jobs/${JOB_ID}/analysis-data-download`);
    expect(await screen.findByText(/this job is Processing; come back/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^Download/ })).toBeNull();
  });
});
