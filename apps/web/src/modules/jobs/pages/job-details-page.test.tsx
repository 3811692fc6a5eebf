import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { callsTo, mockApi } from '../../../test/mock-api';
import { currentUrl, renderApp } from '../../../test/render-app';
import { GERMAN, backToEnglish, germanUserApi } from '../../../test/german';
import { signedInApi } from '../../../test/signed-in-api';
import {
  JOB_ID,
  jobDetails,
  jobsProfile,
  profileWith,
  step,
  supplierFile,
} from '../test/job-fixtures';

const jobPath = `/api/v1/job-artifacts/${JOB_ID}`;

const failedJob = jobDetails({
  status: 'Error',
  files: [supplierFile()],
  submittedAt: '2026-01-01T10:05:00.000Z',
  confidenceRulesetVersion: 3,
  scoringRulesetVersion: 2,
  steps: [
    step({ step: 'Ingest', label: 'Read and check the files', status: 'Completed', progress: 100 }),
    step({
      step: 'Match',
      label: 'Match suppliers to card acceptors',
      status: 'Error',
      message: 'Reference data version ref-7 is missing',
    }),
    step({ step: 'Score', label: 'Score card products', status: 'Blocked' }),
    step({ step: 'Aggregate', label: 'Summarise the results', status: 'Blocked' }),
  ],
});

/** The internal job team: the workflow view and the job's technical details (SPEC §6). */
const teamProfile = profileWith(undefined, ['Workflow_VIEW', 'JobDetails_VIEW']);

describe('JobDetailsPage', () => {
  it('shows a failed step with its message and retries it', async () => {
    const user = userEvent.setup();
    const retried = jobDetails({
      ...failedJob,
      status: 'Processing',
      steps: failedJob.steps.map((s) =>
        s.step === 'Match' ? { ...s, status: 'Pending', message: null } : s,
      ),
    });
    const fetchMock = mockApi({
      ...signedInApi(teamProfile),
      [`GET ${jobPath}`]: { body: failedJob },
      [`POST ${jobPath}/steps/Match/retry`]: { body: retried },
    });
    renderApp(`/jobs/${JOB_ID}/details`);
    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByText('Match suppliers to card acceptors (Match): failed'),
    ).toBeTruthy();
    expect(within(alert).getByText('Reference data version ref-7 is missing')).toBeTruthy();
    const steps = screen.getByRole('table', { name: 'Workflow steps' });
    expect(within(within(steps).getByTestId('step-Score')).getByText('Blocked')).toBeTruthy();
    // The job's facts: type, issuer, files; the technical details: ruleset versions.
    const facts = screen.getByRole('region', { name: 'Job' });
    expect(within(facts).getByText('Summary Upload')).toBeTruthy();
    const technical = screen.getByRole('region', { name: 'Technical details' });
    expect(within(technical).getByText('3')).toBeTruthy();
    // Without QuickView_ProQ_VIEW, no commands.
    expect(within(technical).queryByRole('table', { name: 'Job commands' })).toBeNull();
    expect(
      within(screen.getByRole('table', { name: 'Files' })).getByText('suppliers.csv'),
    ).toBeTruthy();

    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(callsTo(fetchMock, 'POST', `${jobPath}/steps/Match/retry`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(within(within(steps).getByTestId('step-Match')).getByText('Pending')).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Job header' })).getByText('Processing'),
    ).toBeTruthy();
  });

  it('shows a user without the workflow view one progress bar and no technical details', async () => {
    const running = jobDetails({
      status: 'Processing',
      files: [supplierFile()],
      steps: [
        step({
          step: 'Ingest',
          label: 'Read and check the files',
          status: 'Completed',
          progress: 100,
        }),
        step({ step: 'Match', label: 'Match suppliers', status: 'InProgress', progress: 50 }),
        step({ step: 'Score', label: 'Score card products', status: 'Blocked' }),
        step({ step: 'Aggregate', label: 'Summarise the results', status: 'Blocked' }),
      ],
    });
    mockApi({ ...signedInApi(jobsProfile), [`GET ${jobPath}`]: { body: running } });
    renderApp(`/jobs/${JOB_ID}/details`);
    const progress = await screen.findByRole('region', { name: 'Progress' });
    expect(
      within(progress).getByText('1 of 4 steps completed · now Match suppliers (50%)'),
    ).toBeTruthy();
    expect(
      within(progress)
        .getByRole('progressbar', { name: 'Analysis progress' })
        .getAttribute('aria-valuenow'),
    ).toBe('37.5');
    expect(screen.queryByRole('table', { name: 'Workflow steps' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Technical details' })).toBeNull();
  });

  it('says what a job held back by the running-jobs limit waits for', async () => {
    const waiting = jobDetails({
      status: 'Processing',
      files: [supplierFile()],
      steps: [
        step({
          step: 'Ingest',
          label: 'Read and check the files',
          status: 'Pending',
          message: 'Waiting: 3 of 3 concurrent jobs for this issuer are running',
        }),
        step({ step: 'Match', label: 'Match suppliers', status: 'Blocked' }),
        step({ step: 'Score', label: 'Score card products', status: 'Blocked' }),
        step({ step: 'Aggregate', label: 'Summarise the results', status: 'Blocked' }),
      ],
    });
    mockApi({ ...signedInApi(jobsProfile), [`GET ${jobPath}`]: { body: waiting } });
    renderApp(`/jobs/${JOB_ID}/details`);
    const progress = await screen.findByRole('region', { name: 'Progress' });
    expect(
      within(progress).getByText('Waiting: 3 of 3 concurrent jobs for this issuer are running'),
    ).toBeTruthy();
    expect(within(progress).getByText('0 of 4 steps completed')).toBeTruthy();
  });

  it('lists the job’s own ProQ commands to those with the ProQ quick view', async () => {
    mockApi({
      ...signedInApi(profileWith(undefined, ['JobDetails_VIEW', 'QuickView_ProQ_VIEW'])),
      [`GET ${jobPath}`]: { body: failedJob },
      [`GET /api/v1/proq/queued-commands-quick-view/${JOB_ID}`]: {
        body: [
          {
            id: '99999999-9999-4999-8999-999999999999',
            jobId: JOB_ID,
            commandType: 'JobMatch',
            state: 'Error',
            age: 3,
            tags: ['job'],
            jobName: 'Spring suppliers',
          },
        ],
      },
    });
    renderApp(`/jobs/${JOB_ID}/details`);
    const commands = await screen.findByRole('table', { name: 'Job commands' });
    expect(within(commands).getByText('JobMatch')).toBeTruthy();
    expect(within(commands).getByText('Error')).toBeTruthy();
  });

  it('offers no Retry to a user the server says may not retry', async () => {
    mockApi({
      ...signedInApi(jobsProfile),
      [`GET ${jobPath}`]: { body: { ...failedJob, can: { ...failedJob.can, retry: false } } },
    });
    renderApp(`/jobs/${JOB_ID}/details`);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Reference data version ref-7 is missing')).toBeTruthy();
    expect(within(alert).queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('shows the tabs of the held accessor roles by group, Creation and Analysis expanded', async () => {
    const user = userEvent.setup();
    mockApi({
      ...signedInApi(
        profileWith(
          ['JobDetailsAccessor', 'JobSummaryAccessor', 'JobReportAccessor'],
          ['AnalysisPublish', 'JobPublish'],
        ),
      ),
      [`GET ${jobPath}`]: { body: { ...failedJob, status: 'Completed', steps: [] } },
    });
    renderApp(`/jobs/${JOB_ID}/details`);
    const nav = await screen.findByRole('navigation', { name: 'Job tabs' });
    expect(
      within(nav).getByRole('button', { name: 'Creation' }).getAttribute('aria-expanded'),
    ).toBe('true');
    expect(
      within(nav).getByRole('button', { name: 'Analysis' }).getAttribute('aria-expanded'),
    ).toBe('true');
    const output = within(nav).getByRole('button', { name: 'Output' });
    expect(output.getAttribute('aria-expanded')).toBe('false');
    expect(within(nav).queryByRole('link', { name: 'Insights Report' })).toBeNull();
    // Tabs of roles not held, and groups without a visible tab, are not offered at all.
    expect(within(nav).queryByRole('link', { name: 'Logs' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Suppliers' })).toBeNull();
    expect(within(nav).queryByRole('button', { name: 'Admin' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Details' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Summary' }).getAttribute('href')).toBe(
      `/jobs/${JOB_ID}/summary`,
    );
    await user.click(output);
    expect(await within(nav).findByRole('link', { name: 'Insights Report' })).toBeTruthy();
    // AnalysisPublish and JobPublish holders get the publish switch for a Completed job.
    expect(screen.getByRole('switch', { name: 'Published' })).toBeTruthy();
  });

  it('hides a tab whose permission the role switcher took away, and refuses its page', async () => {
    const profile = profileWith(['JobDetailsAccessor', 'JobLogsAccessor']);
    // The role is still listed but its permission is not granted: the tab is not shown.
    profile.permissions = profile.permissions.filter((p) => p !== 'JobTab_Logs_VIEW');
    mockApi({ ...signedInApi(profile), [`GET ${jobPath}`]: { body: failedJob } });
    renderApp(`/jobs/${JOB_ID}/logs`);
    expect(
      await screen.findByText('The Logs tab is not available to you for this job.'),
    ).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Job tabs' });
    expect(within(nav).queryByRole('link', { name: 'Logs' })).toBeNull();
    expect(screen.queryByRole('switch', { name: 'Published' })).toBeNull();
  });

  it('renames the job through a dialog when the server allows it', async () => {
    const user = userEvent.setup();
    const completed = jobDetails({ status: 'Completed', can: { ...failedJob.can, rename: true } });
    const fetchMock = mockApi({
      ...signedInApi(jobsProfile),
      [`GET ${jobPath}`]: { body: completed },
      [`PATCH ${jobPath}/name`]: { body: { ...completed, name: 'Acme — Q3 review' } },
    });
    renderApp(`/jobs/${JOB_ID}/details`);
    const manage = await screen.findByRole('region', { name: 'Manage job' });
    expect(within(manage).queryByRole('button', { name: 'Delete job' })).toBeNull();
    await user.click(within(manage).getByRole('button', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename the job' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Acme — Q3 review');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', `${jobPath}/name`)).toHaveLength(1));
    const [, init] = callsTo(fetchMock, 'PATCH', `${jobPath}/name`)[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ name: 'Acme — Q3 review' });
    // The page is hidden from the accessibility tree until the dialog has closed.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      await within(screen.getByRole('region', { name: 'Job header' })).findByText(
        'Acme — Q3 review',
      ),
    ).toBeTruthy();
  });

  it('deletes the job after confirmation, or shows why the server refused', async () => {
    const user = userEvent.setup();
    const completed = jobDetails({ status: 'Completed', can: { ...failedJob.can, delete: true } });
    let refuse = true;
    const fetchMock = mockApi({
      ...signedInApi(jobsProfile),
      [`GET ${jobPath}`]: { body: completed },
      [`DELETE ${jobPath}`]: () =>
        refuse
          ? {
              status: 409,
              body: {
                success: false,
                statusCode: 409,
                message: 'The job has 1 active campaign; complete it before deleting the job.',
              },
            }
          : { body: { deleted: true } },
    });
    const { router } = renderApp(`/jobs/${JOB_ID}/details`);
    const manage = await screen.findByRole('region', { name: 'Manage job' });
    expect(within(manage).queryByRole('button', { name: 'Rename' })).toBeNull();
    await user.click(within(manage).getByRole('button', { name: 'Delete job' }));
    let dialog = await screen.findByRole('dialog', { name: `Delete "${completed.name}"?` });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await within(dialog).findByText(
        'The job has 1 active campaign; complete it before deleting the job.',
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    refuse = false;
    await user.click(within(manage).getByRole('button', { name: 'Delete job' }));
    dialog = await screen.findByRole('dialog', { name: `Delete "${completed.name}"?` });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/analysis'));
    expect(callsTo(fetchMock, 'DELETE', jobPath)).toHaveLength(2);
  });

  it('shows the no-access message for a job the server does not show the user (404)', async () => {
    mockApi({
      ...signedInApi(jobsProfile),
      [`GET ${jobPath}`]: {
        status: 404,
        body: { success: false, statusCode: 404, message: 'No such job.' },
      },
    });
    const { router } = renderApp(`/jobs/${JOB_ID}/details`);
    expect(await screen.findByRole('heading', { name: 'No access to this job' })).toBeTruthy();
    expect(currentUrl(router)).toBe(`/jobs/${JOB_ID}/details`);
    expect(screen.queryByRole('navigation', { name: 'Job tabs' })).toBeNull();
  });
});

describe('JobLogsPage', () => {
  it('streams the log: later polls ask only for lines after the last one seen', async () => {
    let polls = 0;
    const fetchMock = mockApi({
      ...signedInApi(profileWith(['JobDetailsAccessor', 'JobLogsAccessor'])),
      [`GET ${jobPath}`]: { body: jobDetails({ status: 'Processing' }) },
      [`GET ${jobPath}/logs`]: () => {
        polls += 1;
        return polls === 1
          ? {
              body: {
                lines: [
                  {
                    id: 1,
                    at: '2026-01-01T10:00:00.000Z',
                    level: 'info',
                    step: 'Ingest',
                    message: 'Reading suppliers.csv',
                  },
                ],
                lastId: 1,
                finished: false,
              },
            }
          : {
              body: {
                lines: [
                  {
                    id: 2,
                    at: '2026-01-01T10:00:01.000Z',
                    level: 'info',
                    step: 'Match',
                    message: 'Matched 2 of 3 suppliers',
                  },
                ],
                lastId: 2,
                finished: true,
              },
            };
      },
    });
    renderApp(`/jobs/${JOB_ID}/logs`);
    const log = await screen.findByRole('region', { name: 'Job log' });
    expect(await within(log).findByText(/Reading suppliers.csv/)).toBeTruthy();
    expect(
      await within(log).findByText(/Matched 2 of 3 suppliers/, {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(within(log).getByText(/Reading suppliers.csv/)).toBeTruthy();
    expect(await screen.findByText('All steps have finished.')).toBeTruthy();
    const urls = callsTo(fetchMock, 'GET', `${jobPath}/logs`).map(([input]) => String(input));
    expect(urls[0]).not.toContain('afterId');
    expect(urls[1]).toContain('afterId=1');
  });
});

describe('the pipeline in German', () => {
  afterEach(backToEnglish);

  it("shows the steps' messages and a failed step's error in the user's language", async () => {
    const failed = jobDetails({
      ...failedJob,
      steps: [
        step({
          step: 'Ingest',
          label: 'Read and check the files',
          status: 'Completed',
          progress: 100,
          message: '1,200 suppliers from 1,500 rows',
        }),
        step({
          step: 'Match',
          label: 'Match suppliers',
          status: 'Error',
          message: 'The file "suppliers.csv" is empty.',
        }),
        step({ step: 'Score', label: 'Score', status: 'Canceled', message: 'Match failed' }),
        step({
          step: 'Aggregate',
          label: 'Summarise',
          status: 'Canceled',
          message: 'Match failed',
        }),
      ],
    });
    mockApi({
      ...signedInApi(teamProfile),
      ...germanUserApi(),
      [`GET ${jobPath}`]: { body: failed },
    });
    renderApp(`/jobs/${JOB_ID}/details`);
    const steps = await screen.findByRole('table', { name: GERMAN['Workflow steps'] });
    expect(
      within(within(steps).getByTestId('step-Ingest')).getByText(
        '1,200 Lieferanten aus 1,500 Zeilen',
      ),
    ).toBeTruthy();
    // The step's label (the contract's) is said in German…
    expect(
      within(within(steps).getByTestId('step-Ingest')).getByText('Dateien lesen und prüfen'),
    ).toBeTruthy();
    // …while the step's name stays as the pipeline calls it.
    expect(
      within(within(steps).getByTestId('step-Score')).getByText('Match fehlgeschlagen'),
    ).toBeTruthy();
    const alerts = screen.getAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual(
      expect.arrayContaining([expect.stringContaining('Die Datei „suppliers.csv“ ist leer.')]),
    );
  });

  it('says in German what a job held back by the running-jobs limit waits for', async () => {
    const waiting = jobDetails({
      status: 'Processing',
      files: [supplierFile()],
      steps: [
        step({
          step: 'Ingest',
          status: 'Pending',
          message: 'Waiting: 3 of 3 concurrent jobs for this issuer are running',
        }),
        step({ step: 'Match', status: 'Blocked' }),
        step({ step: 'Score', status: 'Blocked' }),
        step({ step: 'Aggregate', status: 'Blocked' }),
      ],
    });
    mockApi({
      ...signedInApi(jobsProfile),
      ...germanUserApi(),
      [`GET ${jobPath}`]: { body: waiting },
    });
    renderApp(`/jobs/${JOB_ID}/details`);
    const progress = await screen.findByRole('region', { name: GERMAN.Progress });
    expect(
      within(progress).getByText('Wartet: 3 von 3 gleichzeitigen Jobs dieses Emittenten laufen'),
    ).toBeTruthy();
  });

  it("shows the job's log lines in German, a step's message inside a line too", async () => {
    const line = (id: number, step: string | null, message: string, level = 'info') => ({
      id,
      at: '2026-01-01T10:00:00.000Z',
      level,
      step,
      message,
    });
    mockApi({
      ...signedInApi(profileWith(['JobDetailsAccessor', 'JobLogsAccessor'])),
      ...germanUserApi(),
      [`GET ${jobPath}`]: { body: jobDetails({ status: 'Completed' }) },
      [`GET ${jobPath}/logs`]: {
        body: {
          lines: [
            line(1, 'Ingest', 'Ingest: started'),
            line(2, 'Ingest', 'suppliers.csv: 1,500 rows, 1,200 accepted, 300 rejected', 'warn'),
            line(
              3,
              'Match',
              'Match: 1,234 of 2,000 suppliers matched (High 1,000, Medium 200, Low 34); 0 decisions applied; reference ref-7; match model: m as shipped (too few pairs to estimate), u from 5,000 random pairs (2.5 s)',
            ),
            line(4, null, 'Nobody wrote this as a key.'),
            line(
              5,
              'Ingest',
              'suppliers.csv: Annual spend: not an amount; left empty (12 rows)',
              'warn',
            ),
          ],
          lastId: 5,
          finished: true,
        },
      },
    });
    renderApp(`/jobs/${JOB_ID}/logs`);
    const log = await screen.findByRole('region', { name: GERMAN['Job log'] });
    await waitFor(() => expect(log.textContent).toContain('Ingest: gestartet'));
    expect(log.textContent).toContain(
      'suppliers.csv: 1,500 Zeilen, 1,200 angenommen, 300 abgewiesen',
    );
    expect(log.textContent).toContain(
      'Match: 1,234 von 2,000 Lieferanten abgeglichen (High 1,000, Medium 200, Low 34); 0 Entscheidungen angewendet; Referenz ref-7; Abgleichsmodell: m wie ausgeliefert (zu wenige Paare zum Schätzen), u aus 5,000 Zufallspaaren (2.5 s)',
    );
    // A warning line: the file's name as written, the warning with its field in German.
    expect(log.textContent).toContain(
      'suppliers.csv: Jährliche Ausgaben: kein Betrag; leer gelassen (12 Zeilen)',
    );
    // A line that is no key stays as the server wrote it.
    expect(log.textContent).toContain('Nobody wrote this as a key.');
  });
});
