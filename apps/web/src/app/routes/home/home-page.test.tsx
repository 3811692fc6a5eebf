import { MESSAGES } from '@b2b/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { defaultBranding, issuerProfile, notSignedIn } from '../../../test/fixtures';
import { callsTo, mockApi } from '../../../test/mock-api';
import { currentUrl, renderApp } from '../../../test/render-app';

describe('HomePage in the signed-in frame', () => {
  it('shows Loading... while the session is asked for, then greets the user', async () => {
    let release: () => void = () => undefined;
    const pending = new Promise<void>((resolve) => (release = resolve));
    mockApi({
      'GET /api/auth/session': async () => {
        await pending;
        return { body: issuerProfile };
      },
    });
    renderApp('/');
    expect(await screen.findByText(MESSAGES.loading)).toBeTruthy();
    release();
    expect(await screen.findByRole('heading', { name: 'Welcome, Issuer Demo' })).toBeTruthy();
  });

  it('lists the roles as System Roles and Analysis Roles, in the user branding', async () => {
    mockApi({ 'GET /api/auth/session': { body: issuerProfile } });
    renderApp('/');
    const system = await screen.findByRole('region', { name: MESSAGES.systemRoles });
    expect(
      within(system)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Issuer']);
    const analysis = screen.getByRole('region', { name: MESSAGES.analysisRoles });
    expect(within(analysis).getAllByRole('listitem')).toHaveLength(2);
    expect(within(screen.getByRole('banner')).getByText('PayTech')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('PayTech Bank B2B Analytics'));
  });

  it('titles the page B2B Analytics when the branding has no issuer', async () => {
    const noIssuer = {
      ...issuerProfile,
      branding: { ...issuerProfile.branding, issuerName: null },
    };
    mockApi({ 'GET /api/auth/session': { body: noIssuer } });
    renderApp('/');
    await screen.findByRole('heading', { name: 'Welcome, Issuer Demo' });
    await waitFor(() => expect(document.title).toBe(MESSAGES.pageTitleSuffix));
  });

  it('sends a signed-out visitor to sign in with a callbackUrl', async () => {
    mockApi({
      'GET /api/auth/session': notSignedIn,
      'GET /api/v2/brandings/by-domain': { body: defaultBranding },
    });
    const { router } = renderApp('/?tab=2');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(currentUrl(router)).toBe('/login?callbackUrl=%2F%3Ftab%3D2');
  });

  it('says so when the session has expired', async () => {
    mockApi({
      'GET /api/auth/session': {
        status: 401,
        body: {
          success: false,
          message: MESSAGES.sessionExpired,
          statusCode: 401,
          code: 'session-expired',
        },
      },
      'GET /api/v2/brandings/by-domain': { body: defaultBranding },
    });
    const { router } = renderApp('/');
    expect(await screen.findByText(MESSAGES.sessionExpired)).toBeTruthy();
    expect(currentUrl(router)).toBe('/login?callbackUrl=%2F&error=session-expired');
  });

  it('signs out: calls logout, forgets the session and goes to /login', async () => {
    const fetchMock = mockApi({
      'GET /api/auth/session': { body: issuerProfile },
      'POST /api/auth/logout': { body: { success: true, message: 'Signed out.' } },
      'GET /api/v2/brandings/by-domain': { body: defaultBranding },
    });
    const { router, queryClient } = renderApp('/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Issuer Demo' }));
    await user.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(currentUrl(router)).toBe('/login');
    expect(callsTo(fetchMock, 'POST', '/api/auth/logout')).toHaveLength(1);
    await waitFor(() => expect(queryClient.getQueryData(['auth', 'session'])).toBeUndefined());
    expect(callsTo(fetchMock, 'GET', '/api/auth/session')).toHaveLength(1);
    expect(callsTo(fetchMock, 'GET', '/api/v2/brandings/by-domain')).toHaveLength(1);
  });
});
