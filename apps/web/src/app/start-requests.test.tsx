import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, mockApi } from '../test/mock-api';
import { LanguageGate } from './language/language-gate';
import { startRequests } from './start-requests';

const SESSION = '/api/auth/session';
const CLIENT_CONFIG = '/api/v1/system-data/client-config';
const SYSTEM_MODE = '/api/v1/system-mode';

/**
 * Starts the app's first requests for `path` and returns the paths they asked, as the calls
 * stood when startRequests returned: test files share a worker (apps/web/vitest.config.ts), and
 * a later call may be another file's leftover. The first strings' load they begin is the
 * language gate's to take; left untaken, the next file's gate would take it instead of asking,
 * so the gate takes it here.
 */
async function startAt(path: string) {
  const fetchMock = mockApi({});
  const queryClient = startRequests(path);
  const asked = (method: string, apiPath: string) => callsTo(fetchMock, method, apiPath).length;
  const counts = {
    session: asked('GET', SESSION),
    clientConfig: asked('GET', CLIENT_CONFIG),
    systemMode: asked('GET', SYSTEM_MODE),
  };
  render(<LanguageGate>shown</LanguageGate>);
  await screen.findByText('shown');
  await queryClient.cancelQueries();
  queryClient.clear();
  return counts;
}

describe('startRequests', () => {
  it('asks a signed-in page’s session beside the settings and the system mode', async () => {
    // A signed-in page without first data of its own (app/route-first-data.ts).
    expect(await startAt('/profile')).toEqual({ session: 1, clientConfig: 1, systemMode: 1 });
  });

  it('does not ask for a session on a public page such as the sign-in page', async () => {
    expect(await startAt('/login')).toEqual({ session: 0, clientConfig: 1, systemMode: 1 });
  });
});
