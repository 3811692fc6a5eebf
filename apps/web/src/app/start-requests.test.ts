import { afterEach, describe, expect, it } from 'vitest';
import { callsTo, mockApi } from '../test/mock-api';
import { startRequests } from './start-requests';

const SESSION = '/api/auth/session';
const CLIENT_CONFIG = '/api/v1/system-data/client-config';
const SYSTEM_MODE = '/api/v1/system-mode';

afterEach(() => window.history.replaceState(null, '', '/'));

describe('startRequests', () => {
  it('asks a signed-in page’s session beside the settings and the system mode', () => {
    window.history.replaceState(null, '', '/analysis');
    const fetchMock = mockApi({});
    const queryClient = startRequests();
    expect(callsTo(fetchMock, 'GET', SESSION)).toHaveLength(1);
    expect(callsTo(fetchMock, 'GET', CLIENT_CONFIG)).toHaveLength(1);
    expect(callsTo(fetchMock, 'GET', SYSTEM_MODE)).toHaveLength(1);
    // The frames find them asked in the client the app renders with.
    expect(queryClient.getQueryCache().getAll().length).toBeGreaterThanOrEqual(3);
    queryClient.clear();
  });

  it('does not ask for a session on a public page such as the sign-in page', () => {
    window.history.replaceState(null, '', '/login');
    const fetchMock = mockApi({});
    const queryClient = startRequests();
    expect(callsTo(fetchMock, 'GET', SESSION)).toHaveLength(0);
    expect(callsTo(fetchMock, 'GET', CLIENT_CONFIG)).toHaveLength(1);
    queryClient.clear();
  });
});
