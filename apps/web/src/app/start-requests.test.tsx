import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, mockApi } from '../test/mock-api';
import { LanguageGate } from './language/language-gate';
import { startRequests } from './start-requests';

const SESSION = '/api/auth/session';
const CLIENT_CONFIG = '/api/v1/system-data/client-config';
const SYSTEM_MODE = '/api/v1/system-mode';

/**
 * Opens `path` and starts the app's first requests. The first strings' load they begin is the
 * language gate's to take; left untaken, the next test file's gate would take it instead of
 * asking (files share their modules: apps/web/vitest.config.ts), so the gate takes it here.
 */
async function startAt(path: string) {
  window.history.replaceState(null, '', path);
  const fetchMock = mockApi({});
  const queryClient = startRequests();
  render(<LanguageGate>shown</LanguageGate>);
  await screen.findByText('shown');
  queryClient.clear();
  window.history.replaceState(null, '', '/');
  return fetchMock;
}

describe('startRequests', () => {
  it('asks a signed-in page’s session beside the settings and the system mode', async () => {
    // A signed-in page without first data of its own (app/route-first-data.ts).
    const fetchMock = await startAt('/profile');
    expect(callsTo(fetchMock, 'GET', SESSION)).toHaveLength(1);
    expect(callsTo(fetchMock, 'GET', CLIENT_CONFIG)).toHaveLength(1);
    expect(callsTo(fetchMock, 'GET', SYSTEM_MODE)).toHaveLength(1);
  });

  it('does not ask for a session on a public page such as the sign-in page', async () => {
    const fetchMock = await startAt('/login');
    expect(callsTo(fetchMock, 'GET', SESSION)).toHaveLength(0);
    expect(callsTo(fetchMock, 'GET', CLIENT_CONFIG)).toHaveLength(1);
  });
});
