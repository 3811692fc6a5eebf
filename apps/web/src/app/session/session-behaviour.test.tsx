import { MESSAGES } from '@b2b/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { clientConfig, defaultBranding } from '../../test/fixtures';
import { callsTo, mockApi } from '../../test/mock-api';
import { currentUrl, renderApp } from '../../test/render-app';
import { APP_TIMESTAMP, signedInApi } from '../../test/signed-in-api';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

const signedOut = {
  'POST /api/auth/logout': { body: { success: true, message: 'Signed out.' } },
  'GET /api/v2/brandings/by-domain': { body: defaultBranding },
};

describe('session behaviour', () => {
  it('warns after the idle time, stays on Stay Logged In, then logs out a minute later', async () => {
    // The test hook shortens both timers (see timing-overrides.ts).
    localStorage.setItem('b2b.test.idleWarningSeconds', '2');
    localStorage.setItem('b2b.test.idleLogoutSeconds', '4');
    const fetchMock = mockApi({ ...signedInApi(), ...signedOut });
    const { router } = renderApp('/');
    await screen.findByRole('heading', { name: /Welcome/ });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: MESSAGES.stayLoggedIn }));
    await waitFor(() => expect(screen.queryByText(MESSAGES.idleWarning)).toBeNull());
    expect(await screen.findByText(MESSAGES.idleWarning)).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(currentUrl(router)).toBe('/login?callbackUrl=%2F');
    expect(callsTo(fetchMock, 'POST', '/api/auth/logout')).toHaveLength(1);
  });

  it('does not watch for idleness while the session flag is off', async () => {
    localStorage.setItem('b2b.test.idleWarningSeconds', '0.2');
    sessionStorage.setItem('b2b.idleAutoLogout', 'false');
    mockApi(signedInApi());
    renderApp('/');
    await screen.findByRole('heading', { name: /Welcome/ });
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(screen.queryByText(MESSAGES.idleWarning)).toBeNull();
  });

  it('signs out with the session-expired error when any call answers so', async () => {
    mockApi({
      ...signedInApi(),
      ...signedOut,
      'GET /api/v1/users/terms-status': {
        status: 401,
        body: {
          success: false,
          message: MESSAGES.sessionExpired,
          statusCode: 401,
          code: 'session-expired',
        },
      },
    });
    const { router } = renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByText(MESSAGES.sessionExpired)).toBeTruthy();
    expect(currentUrl(router)).toBe('/login?callbackUrl=%2Fprofile&error=session-expired');
  });

  it('fetches the app timestamp once and asks again only on the version-check period', async () => {
    const fetchMock = mockApi({
      ...signedInApi(),
      'GET /api/v1/system-data/client-config': {
        body: { ...clientConfig, appVersionCheckSeconds: 3600 },
      },
    });
    const { router } = renderApp('/');
    await screen.findByRole('heading', { name: /^Welcome/ });
    window.dispatchEvent(new Event('focus'));
    await router.navigate('/profile');
    await screen.findByRole('heading', { name: 'Profile', level: 1 });
    await router.navigate('/');
    await screen.findByRole('heading', { name: /^Welcome/ });
    expect(callsTo(fetchMock, 'GET', '/api/v1/system-data/app-timestamp')).toHaveLength(1);
  });

  it("announces a new version with Refresh Now and Don't Refresh", async () => {
    let calls = 0;
    mockApi({
      ...signedInApi(),
      'GET /api/v1/system-data/client-config': {
        body: { ...clientConfig, appVersionCheckSeconds: 1 },
      },
      'GET /api/v1/system-data/app-timestamp': () => {
        calls += 1;
        return { body: { timestamp: calls === 1 ? APP_TIMESTAMP : '2026-02-01T00:00:00.000Z' } };
      },
    });
    renderApp('/');
    expect(await screen.findByText(MESSAGES.newVersion)).toBeTruthy();
    expect(screen.getByRole('button', { name: MESSAGES.refreshNow })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: MESSAGES.dontRefresh }));
    await waitFor(() => expect(screen.queryByText(MESSAGES.newVersion)).toBeNull());
  });
});
