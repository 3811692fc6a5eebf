import type { CurrentUserProfile, DebugLoggingState } from '@b2b/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, mockApi } from '../../../test/mock-api';
import { issuerProfile } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { signedInApi } from '../../../test/signed-in-api';

const developerProfile: CurrentUserProfile = {
  ...issuerProfile,
  displayName: 'Developer',
  username: 'developer@example.com',
  permissions: ['StandardLayoutNavbar_VIEW', 'DevArea_CRUD'],
};

const state = (window: DebugLoggingState['window']): DebugLoggingState => ({
  defaultLevel: 'info',
  effectiveLevel: window?.level ?? 'info',
  window,
  process: 'host:42',
  lines: [
    {
      at: '2026-11-28T09:00:00.000Z',
      level: 'info',
      message: 'request completed',
      context: '{"reqId":"r1"}',
    },
  ],
});

describe('DebugLoggingPage', () => {
  it('starts a window with the chosen level and minutes, and shows the lines', async () => {
    const window = {
      level: 'debug' as const,
      until: '2026-11-28T10:00:00.000Z',
      setBy: 'developer@example.com',
      setAt: '2026-11-28T09:45:00.000Z',
    };
    const fetchMock = mockApi({
      ...signedInApi(developerProfile),
      'GET /api/v1/dev/debug-logging': { body: state(null) },
      'PUT /api/v1/dev/debug-logging': { body: state(window) },
    });
    renderApp('/dev/exercise/debug-logging');
    const user = userEvent.setup();
    expect(await screen.findByText(/No debug-logging window is set/)).toBeTruthy();
    const lines = await screen.findByRole('table', { name: 'Recent log lines' });
    expect(within(lines).getByText('request completed')).toBeTruthy();

    const minutes = screen.getByLabelText('For minutes');
    await user.clear(minutes);
    await user.type(minutes, '999');
    expect(await screen.findByText('Enter whole minutes from 1 to 240.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start' }).hasAttribute('disabled')).toBe(true);
    await user.clear(minutes);
    await user.type(minutes, '30');
    await user.click(screen.getByRole('button', { name: 'Start' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PUT', '/api/v1/dev/debug-logging')).toHaveLength(1),
    );
    const [[, init]] = callsTo(fetchMock, 'PUT', '/api/v1/dev/debug-logging');
    expect(JSON.parse(String(init?.body))).toEqual({ level: 'debug', minutes: 30 });
  });
});

describe('ResetAllJobsPage', () => {
  it('needs the typed confirmation, then says how many jobs were started over', async () => {
    const fetchMock = mockApi({
      ...signedInApi(developerProfile),
      'POST /api/v1/dev/tools/reset-all-jobs': { body: { resetCount: 7, skippedDraftCount: 2 } },
    });
    renderApp('/dev/tools/reset-all-jobs');
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Reset all jobs' });
    expect(button.hasAttribute('disabled')).toBe(true);
    await user.type(screen.getByLabelText('Type RESET ALL JOBS to confirm'), 'RESET ALL JOBS');
    await user.click(button);
    expect(await screen.findByText(/7 jobs were started over; 2 drafts/)).toBeTruthy();
    const [[, init]] = callsTo(fetchMock, 'POST', '/api/v1/dev/tools/reset-all-jobs');
    expect(JSON.parse(String(init?.body))).toEqual({ confirmation: 'RESET ALL JOBS' });
  });
});

describe('DatabaseAnonymizerPage', () => {
  it('sends the copy with the typed confirmation and shows the server’s field message', async () => {
    const fetchMock = mockApi({
      ...signedInApi(developerProfile),
      'POST /api/v1/dev/tools/database-anonymizer': {
        status: 400,
        body: {
          success: false,
          statusCode: 400,
          code: 'validation',
          message: 'Cannot reach the database at postgres://db:1/copy: refused',
          errors: [
            {
              field: 'targetDatabaseUrl',
              message: 'Cannot reach the database at postgres://db:1/copy: refused',
            },
          ],
        },
      },
    });
    renderApp('/dev/tools/database-anonymizer');
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Anonymize' });
    await user.type(screen.getByLabelText(/Copy of the database/), 'postgres://db:1/copy');
    await user.type(screen.getByLabelText('Type ANONYMIZE to confirm'), 'ANONYMIZE');
    await user.click(button);
    expect(
      await screen.findAllByText('Cannot reach the database at postgres://db:1/copy: refused'),
    ).not.toHaveLength(0);
    const [[, init]] = callsTo(fetchMock, 'POST', '/api/v1/dev/tools/database-anonymizer');
    expect(JSON.parse(String(init?.body))).toEqual({
      targetDatabaseUrl: 'postgres://db:1/copy',
      force: false,
      confirmation: 'ANONYMIZE',
    });
    // Forcing the live database asks for the longer text.
    await user.click(screen.getByLabelText(/Anonymize the live database instead/));
    expect(screen.getByLabelText('Type ANONYMIZE THE LIVE DATABASE to confirm')).toBeTruthy();
    expect(button.hasAttribute('disabled')).toBe(true);
  });
});

describe('DevLandingPage', () => {
  it('offers the Developer pages the user may open, not the inaccessible one', async () => {
    mockApi(signedInApi(developerProfile));
    renderApp('/dev');
    expect(await screen.findByRole('link', { name: /Debug Logging/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Examples/ }).getAttribute('href')).toBe(
      '/dev/examples',
    );
    expect(screen.queryByRole('link', { name: /Inaccessible/ })).toBeNull();
  });
});

describe('LayoutsPage', () => {
  it('shows each layout at its own address, the summary first', async () => {
    mockApi(signedInApi(developerProfile));
    renderApp('/dev/layouts/form');
    expect(await screen.findByRole('region', { name: 'New record' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Form' }).getAttribute('aria-selected')).toBe('true');
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Summary' }));
    expect(await screen.findByRole('region', { name: 'Where the spend is' })).toBeTruthy();
  });
});
