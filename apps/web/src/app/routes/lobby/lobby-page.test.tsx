import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { defaultBranding, issuerProfile, notSignedIn } from '../../../test/fixtures';
import { callsTo, mockApi } from '../../../test/mock-api';
import { currentUrl, renderApp } from '../../../test/render-app';
import { signedInApi } from '../../../test/signed-in-api';

const waiting = {
  eligible: false,
  approved: false,
  isDeactivated: false,
  pending: false,
  reason: 'Your account is waiting for approval by an administrator.',
};
const ineligible = { ...issuerProfile, eligible: false, approved: false, permissions: [] };

function lobbyApi(status: unknown = waiting) {
  return mockApi({
    ...signedInApi(ineligible),
    'GET /api/v2/brandings/by-domain': { body: defaultBranding },
    'GET /api/v1/users/user-eligible-status': { body: status },
    'POST /api/auth/logout': { body: { success: true, message: 'Signed out.' } },
  });
}

describe('LobbyPage', () => {
  it('receives an ineligible user from any page, with the reason', async () => {
    lobbyApi();
    const { router } = renderApp('/dashboard');
    expect(
      await screen.findByRole('heading', { name: 'You cannot use B2B Analytics yet' }),
    ).toBeTruthy();
    expect(currentUrl(router)).toBe('/lobby?reason=UserEligibility');
    expect(screen.getByTestId('lobby-reason').textContent).toBe(waiting.reason);
  });

  it('explains a deactivated account from its flags when the server gives no reason', async () => {
    lobbyApi({ ...waiting, approved: true, isDeactivated: true, reason: null });
    renderApp('/lobby?reason=UserEligibility');
    expect((await screen.findByTestId('lobby-reason')).textContent).toBe(
      'Your account has been deactivated.',
    );
  });

  it('signs the user out', async () => {
    const fetchMock = lobbyApi();
    const { router } = renderApp('/lobby?reason=UserEligibility');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(currentUrl(router)).toBe('/login');
    expect(callsTo(fetchMock, 'POST', '/api/auth/logout')).toHaveLength(1);
  });

  it('offers the home page to a user who is eligible after all', async () => {
    lobbyApi({ ...waiting, approved: true, reason: null, eligible: true });
    renderApp('/lobby');
    expect(await screen.findByRole('link', { name: 'Go to the home page' })).toBeTruthy();
  });

  it('sends a signed-out visitor to sign in', async () => {
    mockApi({
      'GET /api/v2/brandings/by-domain': { body: defaultBranding },
      'GET /api/v1/users/user-eligible-status': notSignedIn,
    });
    const { router } = renderApp('/lobby?reason=UserEligibility');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(currentUrl(router)).toBe('/login?callbackUrl=%2Flobby%3Freason%3DUserEligibility');
  });
});
