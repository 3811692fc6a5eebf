import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { writeClientFlag } from '../../../lib/client-flags';
import { callsTo, mockApi, type MockRoute } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { backToEnglish, germanUserApi } from '../../../test/german';
import { signedInApi } from '../../../test/signed-in-api';
import { command, developerProfile, page } from '../test/devops-fixtures';

const states = { Blocked: 1, Pending: 2, InProgress: 1, Completed: 12, Error: 1, Canceled: 2 };
const failed = command({
  commandType: 'IngestUpload',
  state: 'Error',
  message: 'Failed after 5 attempts: disk full',
  payload: { uploadId: 'upload-42' },
});
const queued = command({ commandType: 'MatchSuppliers', state: 'InProgress', tags: ['job-7'] });

function monitoringApi(overrides: Record<string, MockRoute> = {}) {
  return {
    ...signedInApi(developerProfile),
    'GET /api/v1/proq/get-proqmonitoring-data': {
      body: {
        queueCounts: {
          queuedCommandsCount: 4,
          queuedCompletedCommandsCount: 12,
          queuedErrorCommandsCount: 3,
        },
        isRunning: true,
        isPaused: false,
      },
    },
    'GET /api/v1/proq/proq-commands-info': {
      body: {
        totals: states,
        byCommandType: [{ commandType: 'IngestUpload', ...states }],
      },
    },
    'GET /api/v1/proq/queued-commands-quick-view': { body: [] },
    'GET /api/v1/proq/get-proq-backoff-strategy-data': {
      body: { currentDelay: 20, minDelay: 5, maxDelay: 600, coefficient: 2, totalSecondsDiff: 13 },
    },
    'POST /api/v1/proq/queued-commands': { body: page([queued]) },
    'POST /api/v1/proq/error-commands': { body: page([failed]) },
    'POST /api/v1/proq/completed-commands': { body: page([]) },
    [`GET /api/v1/proq/commands/${failed.id}`]: {
      body: {
        ...failed,
        message: failed.message,
        attempts: 5,
        maxAttempts: 5,
        availableAt: failed.queuedDate,
        progress: null,
        progressMessage: null,
        lockedBy: null,
        result: null,
        logs: [{ at: failed.queuedDate, level: 'error', message: 'disk full' }],
      },
    },
    [`POST /api/v1/proq/commands/${failed.id}/retry`]: { body: { ...failed, state: 'Pending' } },
    ...overrides,
  };
}

afterEach(() => localStorage.clear());

describe('ProqMonitoringPage', () => {
  it('shows the counts, the running indicator and counts per command type', async () => {
    mockApi(monitoringApi());
    renderApp('/devops/proq-monitoring');
    expect((await screen.findByTestId('proq-running')).textContent).toBe('Running');
    const queuedCard = await screen.findByLabelText('Queued');
    await waitFor(() => expect(within(queuedCard).getByText('4')).toBeTruthy());
    expect(within(screen.getByLabelText('Completed')).getByText('12')).toBeTruthy();
    expect(within(screen.getByLabelText('Error')).getByText('3')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Commands per state and command type' });
    const row = within(table).getByRole('row', { name: /IngestUpload/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1', '2', '1', '12', '1', '2']);
    expect(screen.getByText('Refreshes every 4 s')).toBeTruthy();
  });

  it('shows how failed commands are retried and when the next retry runs', async () => {
    mockApi(monitoringApi());
    renderApp('/devops/proq-monitoring');
    const backoff = await screen.findByRole('region', { name: 'Retry back-off' });
    expect(await within(backoff).findByText('600 s')).toBeTruthy();
    expect(within(backoff).getByText('× 2')).toBeTruthy();
    expect(within(backoff).getByText('20 s')).toBeTruthy();
    expect(within(backoff).getByText('13 s')).toBeTruthy();
  });

  it('lists queued commands, then the error list with its message, asking in the wrapped filter form', async () => {
    const fetchMock = mockApi(monitoringApi());
    renderApp('/devops/proq-monitoring');
    const grid = await screen.findByRole('grid', { name: 'Queued commands' });
    expect(await within(grid).findByText('MatchSuppliers')).toBeTruthy();
    const body = callsTo(fetchMock, 'POST', '/api/v1/proq/queued-commands')[0]![1]!.body;
    expect(JSON.parse(String(body))).toMatchObject({ pageNumber: 1, filters: { filterItems: [] } });

    await userEvent.setup().click(screen.getByRole('tab', { name: 'Error (3)' }));
    const errors = await screen.findByRole('grid', { name: 'Error commands' });
    expect(await within(errors).findByText('Failed after 5 attempts: disk full')).toBeTruthy();
  });

  it('opens a command with its payload and retries it', async () => {
    const fetchMock = mockApi(monitoringApi());
    renderApp('/devops/proq-monitoring');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Error (3)' }));
    const grid = await screen.findByRole('grid', { name: 'Error commands' });
    await user.click(await within(grid).findByText('IngestUpload'));
    const dialog = await screen.findByRole('dialog', { name: 'Command IngestUpload' });
    const payload = await within(dialog).findByRole('region', { name: 'Payload' });
    expect(payload.textContent).toContain('"uploadId": "upload-42"');
    expect(within(dialog).getByText(/\[error\] disk full/)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Cancel command' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST', `/api/v1/proq/commands/${failed.id}/retry`)).toHaveLength(
        1,
      ),
    );
  });

  it('hides retry and pause without ProQ_MANAGE and Workflow_PauseCommands', async () => {
    mockApi({
      ...monitoringApi(),
      ...signedInApi({
        ...developerProfile,
        permissions: ['DevOps_Area_VIEW', 'ProQ_VIEW'],
      }),
    });
    renderApp('/devops/proq-monitoring');
    await screen.findByTestId('proq-running');
    expect(screen.queryByRole('button', { name: 'Pause queue' })).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Error (3)' }));
    const grid = await screen.findByRole('grid', { name: 'Error commands' });
    await user.click(await within(grid).findByText('IngestUpload'));
    const dialog = await screen.findByRole('dialog', { name: 'Command IngestUpload' });
    await within(dialog).findByRole('region', { name: 'Payload' });
    expect(within(dialog).queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('pauses the queue for holders of Workflow_PauseCommands', async () => {
    const fetchMock = mockApi(
      monitoringApi({
        'POST /api/v1/proq/pause': {
          body: {
            queuedCommandCount: 4,
            isRunning: true,
            isPaused: true,
            pausedJobIds: [],
            workers: [],
          },
        },
      }),
    );
    renderApp('/devops/proq-monitoring');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Pause queue' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/v1/proq/pause')).toHaveLength(1));
  });

  it('stops polling when the queries-refetch flag is off', async () => {
    writeClientFlag('queriesRefetch', false);
    mockApi(monitoringApi());
    renderApp('/devops/proq-monitoring');
    expect(
      await screen.findByText('Automatic refresh is off (queries-refetch, on your profile page)'),
    ).toBeTruthy();
  });
});

describe('a command in German', () => {
  afterEach(backToEnglish);

  it("shows its message, progress and log lines in the user's language", async () => {
    const detail = {
      ...failed,
      message:
        'No rows were accepted from the uploaded files; check the column mapping and the rejected rows.',
      attempts: 1,
      maxAttempts: 2,
      availableAt: failed.queuedDate,
      progress: 30,
      progressMessage: 'Parsing the merchants',
      lockedBy: null,
      result: null,
      logs: [{ at: failed.queuedDate, level: 'info', message: 'Ingest: started' }],
    };
    mockApi(
      monitoringApi({
        ...germanUserApi(),
        [`GET /api/v1/proq/commands/${failed.id}`]: { body: detail },
      }),
    );
    renderApp('/devops/proq-monitoring');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Fehler (3)' }));
    const grid = await screen.findByRole('grid', { name: 'Fehlerhafte Befehle' });
    await user.click(await within(grid).findByText('IngestUpload'));
    const dialog = await screen.findByRole('dialog', { name: 'Befehl IngestUpload' });
    expect(
      await within(dialog).findByText(
        'Aus den hochgeladenen Dateien wurde keine Zeile angenommen; prüfen Sie die Spaltenzuordnung und die abgewiesenen Zeilen.',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText(/: Die Händler werden gelesen$/)).toBeTruthy();
    expect(within(dialog).getByText(/\[info\] Ingest: gestartet$/)).toBeTruthy();
  });
});
