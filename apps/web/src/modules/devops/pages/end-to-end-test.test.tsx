import type { EndToEndTestRun, ProqJobWorkflow } from '@b2b/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { signedInApi } from '../../../test/signed-in-api';
import { command, developerProfile } from '../test/devops-fixtures';

const JOB = '00000000-0000-4000-8000-00000000e2e1';
const ISSUER = '00000000-0000-4000-8000-0000000001a1';
const tester = {
  ...developerProfile,
  username: 'tester@example.com',
  permissions: [...developerProfile.permissions, 'EndToEndTest_RUN', 'JobCreate'],
};
const run: EndToEndTestRun = {
  ok: true,
  jobId: JOB,
  jobName: 'End-to-end test 2026-11-27 07:45:00',
  steps: [
    { step: 'Buyer', ok: true, millis: 12, message: 'Using End-to-end test buyer' },
    { step: 'Create job', ok: true, millis: 30, message: 'Created End-to-end test 2026-11-27' },
    { step: 'Attach file', ok: true, millis: 250, message: 'Attached the file' },
    { step: 'Submit', ok: true, millis: 40, message: 'Submitted: the pipeline runs on ProQ' },
  ],
};
const workflow: ProqJobWorkflow = {
  jobId: JOB,
  jobName: run.jobName,
  state: 'InProgress',
  commandCount: 2,
  queuedCount: 1,
  completedCount: 1,
  errorCount: 0,
  canceledCount: 0,
  firstQueuedDate: '2026-11-27T07:45:00.000Z',
  lastActivityDate: '2026-11-27T07:45:02.000Z',
  isPaused: false,
  steps: [
    {
      commandType: 'JobIngest',
      state: 'Completed',
      commands: [command({ jobId: JOB, commandType: 'JobIngest', state: 'Completed' })],
    },
    {
      commandType: 'JobMatch',
      state: 'InProgress',
      commands: [command({ jobId: JOB, commandType: 'JobMatch', state: 'InProgress' })],
    },
  ],
};

function api() {
  return {
    ...signedInApi(tester),
    'GET /api/v1/system-audit/get-integration-configurations': {
      body: {
        configuredRepository: 'pglite ./data/db',
        containerName: './data',
        isLiveApi: false,
        database: { kind: 'pglite', location: './data/db' },
        storage: { kind: 'folder', location: './data' },
        mail: { transport: 'outbox' },
        llm: { configured: false, baseUrl: null },
      },
    },
    'GET /api/v1/proq/queued-commands-quick-view': { body: [] },
    'GET /api/v1/job-artifacts/wizard/issuers': {
      body: [
        {
          id: ISSUER,
          name: 'PayTech Bank',
          currency: 'GBP',
          fallbackCountryIso3: 'GBR',
          inputDataOptions: ['CsvFileUpload'],
          buyers: [],
        },
      ],
    },
    'POST /api/v1/devops/end-to-end-test': { body: run },
    [`GET /api/v1/proq/jobs/${JOB}/workflow`]: { body: workflow },
  };
}

describe('the end-to-end test', () => {
  it('runs for the chosen issuer, lists its setup steps and follows the job’s pipeline', async () => {
    const fetchMock = mockApi(api());
    renderApp('/devops/system-health-check');
    const section = await screen.findByRole('region', { name: 'End-to-end test' });
    const user = userEvent.setup();
    const start = within(section).getByRole('button', { name: 'Run end-to-end test' });
    expect(start).toHaveProperty('disabled', true);
    await user.click(within(section).getByRole('combobox', { name: 'Issuer' }));
    await user.click(await screen.findByRole('option', { name: 'PayTech Bank' }));
    await user.click(start);

    const steps = await within(section).findByRole('list', { name: 'Setup steps' });
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '✓ Buyer (12 ms)Using End-to-end test buyer',
      '✓ Create job (30 ms)Created End-to-end test 2026-11-27',
      '✓ Attach file (250 ms)Attached the file',
      '✓ Submit (40 ms)Submitted: the pipeline runs on ProQ',
    ]);
    expect(within(section).getByRole('link', { name: 'Open the job' }).getAttribute('href')).toBe(
      `/jobs/${JOB}/details`,
    );
    const pipeline = await within(section).findByRole('region', { name: `Workflow of job ${JOB}` });
    expect(
      await within(pipeline).findByRole('table', { name: 'Commands of step JobMatch' }),
    ).toBeTruthy();
    await waitFor(() => {
      const [call] = callsTo(fetchMock, 'POST', '/api/v1/devops/end-to-end-test');
      expect(JSON.parse(String(call![1]!.body))).toEqual({ issuerId: ISSUER });
    });
  });

  it('is not offered without EndToEndTest_RUN', async () => {
    mockApi({ ...api(), ...signedInApi(developerProfile) });
    renderApp('/devops/system-health-check');
    expect(await screen.findByRole('region', { name: 'Integration configuration' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'End-to-end test' })).toBeNull();
  });
});
