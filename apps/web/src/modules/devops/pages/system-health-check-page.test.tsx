import { MESSAGES } from '@b2b/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { signedInApi } from '../../../test/signed-in-api';
import { developerProfile } from '../test/devops-fixtures';

const configuration = {
  configuredRepository: 'pglite ./data/db',
  containerName: './data',
  isLiveApi: false,
  database: { kind: 'pglite', location: './data/db' },
  storage: { kind: 'folder', location: './data' },
  mail: { transport: 'outbox' },
  llm: { configured: false, baseUrl: null },
};
const results = [
  { integration: 'Database', success: true, message: 'pglite answered in 1.0 ms' },
  { integration: 'Storage', success: false, message: 'EACCES: permission denied' },
  { integration: 'Mail', success: false, message: null },
];

describe('SystemHealthCheckPage', () => {
  it('shows the configuration and a failed verification with each failure', async () => {
    mockApi({
      ...signedInApi(developerProfile),
      'GET /api/v1/system-audit/get-integration-configurations': { body: configuration },
      'GET /api/v1/system-audit/verify-integrations-configuration': { body: results },
      'GET /api/v1/proq/queued-commands-quick-view': { body: [] },
    });
    renderApp('/devops/system-health-check');
    const config = await screen.findByRole('region', { name: 'Integration configuration' });
    expect(await within(config).findByText('pglite ./data/db')).toBeTruthy();
    expect(within(config).getByText('Outbox (no SMTP_URL)')).toBeTruthy();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Verify integrations' }));
    const alert = await screen.findByText(MESSAGES.verificationFailed);
    const box = alert.closest('[role="alert"]') as HTMLElement;
    expect(within(box).getByText('Storage: EACCES: permission denied')).toBeTruthy();
    expect(within(box).getByText(`Mail: ${MESSAGES.unknownError}`)).toBeTruthy();
    expect(within(box).queryByText(/Database/)).toBeNull();
  });

  it('runs the health check and follows it until it completed', async () => {
    let asked = 0;
    const fetchMock = mockApi({
      ...signedInApi(developerProfile),
      'GET /api/v1/system-audit/get-integration-configurations': { body: configuration },
      'GET /api/v1/proq/queued-commands-quick-view': { body: [] },
      'POST /api/v1/system-audit/system-health-check': { body: { correlationId: 'corr-9' } },
      'POST /api/v1/system-audit/command-execute-validate': () => {
        asked++;
        return {
          body:
            asked < 2
              ? { isSuccess: false, errorMessage: null, isCompleted: false, results: null }
              : {
                  isSuccess: true,
                  errorMessage: null,
                  isCompleted: true,
                  results: results.map((r) => ({ ...r, success: true, message: 'ok' })),
                },
        };
      },
    });
    renderApp('/devops/system-health-check');
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Run system health check' }));
    expect(await screen.findByText('Health check running…')).toBeTruthy();
    expect(await screen.findByText('Health check completed', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText(MESSAGES.verificationSucceeded)).toBeTruthy();
    const body = callsTo(fetchMock, 'POST', '/api/v1/system-audit/command-execute-validate')[0]![1]!
      .body;
    expect(JSON.parse(String(body))).toEqual({ correlationId: 'corr-9' });
    await waitFor(() => expect(screen.queryByText('Health check running…')).toBeNull());
  });
});
