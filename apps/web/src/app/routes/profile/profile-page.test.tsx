import { MESSAGES } from '@b2b/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { clientConfig, issuerProfile } from '../../../test/fixtures';
import { callsTo, mockApi, type MockRoute } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { signedInApi } from '../../../test/signed-in-api';

const LLOYDS_ID = '2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f';
const branding = (brandingId: string, brandingDisplayName: string) => ({
  brandingId,
  brandingKey: brandingDisplayName,
  theme: 'default',
  brandingDisplayName,
  fullDomainName: null,
  emailSenderAddress: null,
  emailSenderName: null,
});
const terms = (agreedTos: boolean) => ({
  agreedLatestTermsOfService: agreedTos,
  agreedLatestPrivacyPolicy: true,
  latestTermsOfServiceVersionId: 'tos-2025-10',
  latestPrivacyPolicyVersionId: 'pp-2025-10',
});

function profileApi(overrides: Record<string, MockRoute> = {}) {
  return mockApi({
    ...signedInApi(),
    'GET /api/v2/brandings/all': {
      body: [
        branding(issuerProfile.branding.brandingId ?? '', 'PayTech'),
        branding(LLOYDS_ID, 'Lloyds'),
      ],
    },
    'GET /api/v1/users/terms-status': { body: terms(true) },
    ...overrides,
  });
}

afterEach(() => sessionStorage.clear());

describe('ProfilePage', () => {
  it('shows the profile, the roles in their two groups, the branding and the terms', async () => {
    profileApi();
    renderApp('/profile');
    const details = await screen.findByRole('region', { name: 'Your details' });
    expect(within(details).getAllByText('issuer@example.com', { selector: 'dd' })).toHaveLength(2);
    expect(within(details).getByText('Issuer Demo', { selector: 'dd' })).toBeTruthy();
    const system = screen.getByRole('region', { name: MESSAGES.systemRoles });
    expect(
      within(system)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Issuer']);
    expect(
      within(screen.getByRole('region', { name: MESSAGES.analysisRoles })).getAllByRole('listitem'),
    ).toHaveLength(2);
    expect(screen.getByText(/Effective branding/).textContent).toContain('PayTech (PayTech Bank)');
    // Inherited, not chosen: the selector shows None and names what None means.
    expect(screen.getByRole('combobox', { name: 'Branding' }).textContent).toBe('None');
    expect(
      screen.getByText('Inherited from your issuer: PayTech. Choose None to use it.'),
    ).toBeTruthy();
    const legal = screen.getByRole('region', { name: 'Terms and privacy' });
    expect(await within(legal).findAllByText('Agreed')).toHaveLength(2);
    expect(within(legal).queryByRole('button', { name: /Agree to/ })).toBeNull();
  });

  it("sets the user's branding from the list with None prepended", async () => {
    const fetchMock = profileApi({
      'PATCH /api/v1/users/user-set-branding': {
        body: { success: true, message: 'Branding set.', statusCode: 200 },
      },
    });
    renderApp('/profile');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: 'Branding' }));
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['None', 'PayTech', 'Lloyds']);
    await user.click(screen.getByRole('option', { name: 'Lloyds' }));
    await user.click(screen.getByRole('button', { name: 'Save branding' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PATCH', '/api/v1/users/user-set-branding')).toHaveLength(1),
    );
    const [, init] = callsTo(fetchMock, 'PATCH', '/api/v1/users/user-set-branding')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ id: issuerProfile.id, brandingId: LLOYDS_ID });
    // The effective branding lives in the session: it is asked for again.
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/auth/session')).toHaveLength(2));
  });

  it('agrees the terms of service when they are not agreed yet', async () => {
    const fetchMock = profileApi({
      'GET /api/v1/users/terms-status': { body: terms(false) },
      'PATCH /api/v1/users/user-agree-tos-latest': { body: terms(true) },
    });
    renderApp('/profile');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Agree to the terms of service' }));
    const legal = screen.getByRole('region', { name: 'Terms and privacy' });
    expect(await within(legal).findAllByText('Agreed')).toHaveLength(2);
    expect(callsTo(fetchMock, 'PATCH', '/api/v1/users/user-agree-tos-latest')).toHaveLength(1);
  });

  it('toggles idle auto-logout on the session and says so', async () => {
    const fetchMock = profileApi({
      'PATCH /api/auth/session-settings': {
        body: { success: true, message: MESSAGES.autoLogoutChanged(false) },
      },
    });
    renderApp('/profile');
    const user = userEvent.setup();
    const toggle = await screen.findByRole('switch', { name: 'Auto Logout On Idle' });
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(true));
    await user.click(toggle);
    expect(await screen.findByText(MESSAGES.autoLogoutChanged(false))).toBeTruthy();
    expect(sessionStorage.getItem('b2b.idleAutoLogout')).toBe('false');
    const [, init] = callsTo(fetchMock, 'PATCH', '/api/auth/session-settings')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ idleAutoLogout: false });
  });

  it('only warns when the site configuration turns the feature off', async () => {
    const fetchMock = profileApi({
      'GET /api/v1/system-data/client-config': {
        body: { ...clientConfig, idleAutoLogoutEnabled: false },
      },
    });
    renderApp('/profile');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('switch', { name: 'Auto Logout On Idle' }));
    expect(await screen.findByText(MESSAGES.autoLogoutFeatureOff)).toBeTruthy();
    expect(callsTo(fetchMock, 'PATCH', '/api/auth/session-settings')).toHaveLength(0);
  });
});
