import type { JobDetails, ProqJobWorkflow } from '@b2b/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { signedInApi } from '../../../test/signed-in-api';
import { jobsQueryKeys } from '../../jobs/api/jobs-query-keys';
import { command, developerProfile, page } from '../test/devops-fixtures';

const JOB = '22222222-2222-4222-8222-222222222222';
const job: JobDetails = {
  id: JOB,
  name: 'Quarterly supplier spend',
  type: 'base',
  status: 'Error',
  isPublished: false,
  issuerId: '33333333-3333-4333-8333-333333333333',
  issuerName: 'PayTech Bank',
  buyerId: '44444444-4444-4444-8444-444444444444',
  buyerName: 'Acme Buyer',
  ownerId: '55555555-5555-4555-8555-555555555555',
  ownerName: 'developer@example.com',
  currency: 'GBP',
  supplierCount: 120,
  createdOn: '2026-01-01T10:00:00.000Z',
  updatedOn: '2026-01-01T11:00:00.000Z',
  steps: [
    {
      step: 'Ingest',
      label: 'Read and check the files',
      status: 'Completed',
      progress: 100,
      message: null,
      startedAt: '2026-01-01T10:00:00.000Z',
      completedAt: '2026-01-01T10:01:00.000Z',
      commandId: null,
    },
    {
      step: 'Match',
      label: 'Match suppliers to card acceptors',
      status: 'Error',
      progress: 0,
      message: 'Failed after 5 attempts: out of memory',
      startedAt: '2026-01-01T10:01:00.000Z',
      completedAt: '2026-01-01T10:05:00.000Z',
      commandId: null,
    },
  ],
  files: [],
  referenceVersionId: null,
  confidenceRulesetVersion: 1,
  scoringRulesetVersion: 1,
  analysisDate: '2026-01-01',
  submittedAt: '2026-01-01T10:00:00.000Z',
  completedAt: null,
  summary: null,
  can: {
    editWizard: false,
    retry: true,
    publish: false,
    overrideMatches: false,
    rescore: false,
    rename: false,
    delete: false,
  },
};
const failedMatch = command({ jobId: JOB, commandType: 'JobMatch', state: 'Error' });
const workflow: ProqJobWorkflow = {
  jobId: JOB,
  jobName: job.name,
  state: 'Error',
  commandCount: 2,
  queuedCount: 0,
  completedCount: 1,
  errorCount: 1,
  canceledCount: 0,
  firstQueuedDate: '2026-01-01T10:00:00.000Z',
  lastActivityDate: '2026-01-01T10:05:00.000Z',
  isPaused: false,
  steps: [
    {
      commandType: 'JobIngest',
      state: 'Completed',
      commands: [command({ jobId: JOB, commandType: 'JobIngest', state: 'Completed' })],
    },
    { commandType: 'JobMatch', state: 'Error', commands: [failedMatch] },
  ],
};

function api(permissions = developerProfile.permissions) {
  const { jobName: _jobName, steps: _steps, ...summary } = workflow;
  return {
    ...signedInApi({ ...developerProfile, permissions }),
    'GET /api/v1/proq/queued-commands-quick-view': { body: [] },
    [`POST /api/v1/proq/${JOB}/check-queued-commands`]: { body: true },
    'POST /api/v1/job-artifacts/get': { body: page([job]) },
    [`GET /api/v1/job-artifacts/${JOB}`]: { body: job },
    [`POST /api/v1/job-artifacts/${JOB}/steps/Match/retry`]: {
      body: { ...job, status: 'Processing' },
    },
    [`GET /api/v1/proq/jobs/${JOB}/workflow`]: { body: workflow },
    [`POST /api/v1/job-artifacts/${JOB}/reset`]: { body: { ...job, status: 'Processing' } },
    [`POST /api/v1/proq/commands/${failedMatch.id}/retry`]: {
      body: { ...failedMatch, state: 'Pending' },
    },
    'POST /api/v1/proq/jobs': { body: page([{ ...summary, jobName: job.name }]) },
  };
}

describe('JobMaintenancePage', () => {
  it('finds a job, shows its steps and commands, re-runs a failed step and resets the job', async () => {
    const fetchMock = mockApi(api());
    renderApp('/devops/job-maintenance');
    const user = userEvent.setup();
    const grid = await screen.findByRole('grid', { name: 'Jobs' });
    await user.click(await within(grid).findByText('Quarterly supplier spend'));

    const steps = await screen.findByRole('table', { name: 'Job workflow steps' });
    const match = within(steps).getByRole('row', { name: /Match suppliers/ });
    expect(within(match).getByText('Failed after 5 attempts: out of memory')).toBeTruthy();
    expect(within(steps).getAllByRole('button', { name: 'Re-run step' })).toHaveLength(1);
    await user.click(within(match).getByRole('button', { name: 'Re-run step' }));
    await waitFor(() =>
      expect(
        callsTo(fetchMock, 'POST', `/api/v1/job-artifacts/${JOB}/steps/Match/retry`),
      ).toHaveLength(1),
    );

    expect(await screen.findByRole('table', { name: 'Commands of step JobMatch' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Retry failed commands' }));
    await waitFor(() =>
      expect(
        callsTo(fetchMock, 'POST', `/api/v1/proq/commands/${failedMatch.id}/retry`),
      ).toHaveLength(1),
    );

    await user.click(screen.getByRole('button', { name: 'Reset job' }));
    const dialog = screen.getByRole('dialog', { name: 'Reset this job?' });
    // Asked as the dialog opens: the reset would cancel what is still queued.
    expect(
      await within(dialog).findByText(
        /still has queued or running commands: the reset cancels them/,
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST', `/api/v1/job-artifacts/${JOB}/reset`)).toHaveLength(1),
    );
  });

  it("resetting a job replaces the jobs module's cached job, so the job screens show the new run", async () => {
    const fetchMock = mockApi(api());
    const { queryClient } = renderApp('/devops/job-maintenance');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Job id' }), JOB);
    await user.click(screen.getByRole('button', { name: 'Open job' }));
    await screen.findByRole('table', { name: 'Job workflow steps' });
    // Job maintenance reads the job through the jobs module: one cache entry for both screens.
    expect(queryClient.getQueryData<JobDetails>(jobsQueryKeys.job(JOB))?.status).toBe('Error');
    expect(callsTo(fetchMock, 'GET', `/api/v1/job-artifacts/${JOB}`)).toHaveLength(1);

    await user.click(await screen.findByRole('button', { name: 'Reset job' }));
    const dialog = screen.getByRole('dialog', { name: 'Reset this job?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(queryClient.getQueryData<JobDetails>(jobsQueryKeys.job(JOB))?.status).toBe(
        'Processing',
      ),
    );
    expect(callsTo(fetchMock, 'POST', `/api/v1/job-artifacts/${JOB}/reset`)).toHaveLength(1);
  });

  it("re-running a step replaces the jobs module's cached job", async () => {
    mockApi(api());
    const { queryClient } = renderApp('/devops/job-maintenance');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Job id' }), JOB);
    await user.click(screen.getByRole('button', { name: 'Open job' }));
    const steps = await screen.findByRole('table', { name: 'Job workflow steps' });
    const match = within(steps).getByRole('row', { name: /Match suppliers/ });
    await user.click(within(match).getByRole('button', { name: 'Re-run step' }));
    await waitFor(() =>
      expect(queryClient.getQueryData<JobDetails>(jobsQueryKeys.job(JOB))?.status).toBe(
        'Processing',
      ),
    );
  });

  it('only inspects without DevOps_JobMaintenance_UPDATE', async () => {
    mockApi(api(['DevOps_Area_VIEW', 'DevOps_JobMaintenance_VIEW', 'ProQ_VIEW', 'ProQ_MANAGE']));
    renderApp(`/devops/job-maintenance`);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Job id' }), JOB);
    await user.click(screen.getByRole('button', { name: 'Open job' }));
    await screen.findByRole('table', { name: 'Job workflow steps' });
    await screen.findByRole('table', { name: 'Commands of step JobMatch' });
    expect(screen.queryByRole('button', { name: 'Re-run step' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry failed commands' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reset job' })).toBeNull();
  });
});

describe('WorkflowManagementPage', () => {
  it("shows a selected job's steps and restarts its workflow", async () => {
    const fetchMock = mockApi({
      ...api(),
      [`POST /api/v1/proq/jobs/${JOB}/restart`]: { body: { affected: 1, workflow } },
    });
    renderApp('/devops/workflow-management');
    const user = userEvent.setup();
    const grid = await screen.findByRole('grid', { name: 'Jobs with ProQ commands' });
    await user.click(await within(grid).findByText('Quarterly supplier spend'));
    const steps = await screen.findByLabelText('Workflow steps');
    expect(within(steps).getByText('JobIngest')).toBeTruthy();
    expect(within(steps).getByText('JobMatch')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Restart workflow' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST', `/api/v1/proq/jobs/${JOB}/restart`)).toHaveLength(1),
    );
    expect(screen.getByRole('button', { name: 'Pause workflow' })).toBeTruthy();
  });
});
