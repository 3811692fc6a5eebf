import type { AppConfig, BackgroundService, MemoryHogState } from '@b2b/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { signedInApi } from '../../../test/signed-in-api';
import { developerProfile, page } from '../test/devops-fixtures';

/** A developer where ENABLE_APP_CONFIG_VIEW and ENABLE_MEMORY_HOG are on. */
const flaggedDeveloper = {
  ...developerProfile,
  permissions: [
    ...developerProfile.permissions,
    'AppConfig_VIEW',
    'MemoryHog_TRIGGER',
    'BackgroundService_TOGGLE',
  ],
};

const healthCheckApi = {
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
};

const appConfig: AppConfig = {
  environment: 'local',
  nodeEnv: 'development',
  startedAt: '2026-11-27T07:00:00.000Z',
  settings: [
    { name: 'PORT', value: '3000', source: 'default', masked: false },
    { name: 'SESSION_SECRET', value: '••••••••', source: 'environment', masked: true },
    { name: 'PUBLIC_URL', value: null, source: 'unset', masked: false },
  ],
};
const idle: MemoryHogState = {
  running: false,
  megabytes: null,
  endsAt: null,
  startedBy: null,
  rssMb: 180,
};

describe('the runtime controls', () => {
  it('show the running configuration, masked secrets marked, and find a setting', async () => {
    mockApi({
      ...signedInApi(flaggedDeveloper),
      ...healthCheckApi,
      'GET /api/v1/runtime/app-config': { body: appConfig },
      'GET /api/v1/runtime/memory-hog': { body: idle },
    });
    renderApp('/devops/system-health-check');
    const section = await screen.findByRole('region', { name: 'Running configuration' });
    const table = await within(section).findByRole('table', { name: 'Settings' });
    const secret = within(table).getByRole('row', { name: /SESSION_SECRET/ });
    expect(within(secret).getByText('Masked')).toBeTruthy();
    expect(within(secret).getByText('Environment')).toBeTruthy();
    expect(within(table).getByRole('row', { name: /PUBLIC_URL — Not set/ })).toBeTruthy();

    await userEvent.setup().type(within(section).getByLabelText('Find a setting'), 'port');
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getByText('PORT')).toBeTruthy();
  });

  it('start the memory exercise with the numbers given and show what is held', async () => {
    const fetchMock = mockApi({
      ...signedInApi(flaggedDeveloper),
      ...healthCheckApi,
      'GET /api/v1/runtime/app-config': { body: appConfig },
      'GET /api/v1/runtime/memory-hog': { body: idle },
      'POST /api/v1/runtime/memory-hog': {
        body: {
          running: true,
          megabytes: 64,
          endsAt: '2026-11-27T07:01:00.000Z',
          startedBy: 'developer@example.com',
          rssMb: 250,
        },
      },
    });
    renderApp('/devops/system-health-check');
    const section = await screen.findByRole('region', { name: 'Memory pressure' });
    expect(await within(section).findByText('Nothing held; resident memory 180 MB.')).toBeTruthy();
    const user = userEvent.setup();
    const size = within(section).getByLabelText('Megabytes');
    await user.clear(size);
    await user.type(size, '64');
    await user.click(within(section).getByRole('button', { name: 'Hold memory' }));
    expect(await within(section).findByText(/Holding 64 MB until/)).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Hold memory' })).toHaveProperty(
      'disabled',
      true,
    );
    const [call] = callsTo(fetchMock, 'POST', '/api/v1/runtime/memory-hog');
    expect(JSON.parse(String(call![1]!.body))).toEqual({ megabytes: 64, seconds: 30 });
  });

  it('show neither section to a developer without the flags', async () => {
    mockApi({ ...signedInApi(developerProfile), ...healthCheckApi });
    renderApp('/devops/system-health-check');
    expect(await screen.findByRole('region', { name: 'Integration configuration' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Running configuration' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Memory pressure' })).toBeNull();
  });

  it('pause this server’s background service from ProQ monitoring', async () => {
    const running: BackgroundService = {
      slots: 2,
      running: true,
      changedAt: null,
      changedBy: null,
    };
    const fetchMock = mockApi({
      ...signedInApi(flaggedDeveloper),
      'GET /api/v1/proq/get-proqmonitoring-data': {
        body: {
          queueCounts: {
            queuedCommandsCount: 0,
            queuedCompletedCommandsCount: 0,
            queuedErrorCommandsCount: 0,
          },
          isRunning: true,
          isPaused: false,
        },
      },
      'GET /api/v1/proq/proq-commands-info': { body: { totals: {}, byCommandType: [] } },
      'GET /api/v1/proq/queued-commands-quick-view': { body: [] },
      'POST /api/v1/proq/queued-commands': { body: page([]) },
      'POST /api/v1/proq/error-commands': { body: page([]) },
      'POST /api/v1/proq/completed-commands': { body: page([]) },
      'GET /api/v1/runtime/background-service': { body: running },
      'PUT /api/v1/runtime/background-service': {
        body: {
          slots: 2,
          running: false,
          changedAt: '2026-11-27T07:05:00.000Z',
          changedBy: 'developer@example.com',
        },
      },
    });
    renderApp('/devops/proq-monitoring');
    const group = await screen.findByRole('group', { name: 'Background service' });
    expect(within(group).getByText('Taking commands')).toBeTruthy();
    await userEvent
      .setup()
      .click(within(group).getByRole('button', { name: 'Pause background service' }));
    expect(await within(group).findByText('Paused')).toBeTruthy();
    expect(within(group).getByText(/Paused by developer@example\.com/)).toBeTruthy();
    expect(within(group).getByRole('button', { name: 'Resume background service' })).toBeTruthy();
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PUT', '/api/v1/runtime/background-service')).toHaveLength(1),
    );
  });
});
