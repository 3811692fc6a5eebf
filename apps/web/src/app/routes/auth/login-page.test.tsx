import { MESSAGES } from '@b2b/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { defaultBranding, issuerProfile, lloydsBranding } from '../../../test/fixtures';
import { callsTo, mockApi } from '../../../test/mock-api';
import { currentUrl, renderApp } from '../../../test/render-app';

const wrongPassword = {
  status: 401,
  body: { success: false, message: 'Wrong username or password.', statusCode: 401, code: 'x' },
};

async function signIn(username = 'issuer@example.com', password = 'Demo-Password-1') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Username'), username);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('LoginPage', () => {
  it('renders the labelled form in the host branding and asks for it once', async () => {
    const fetchMock = mockApi({ 'GET /api/v2/brandings/by-domain': { body: lloydsBranding } });
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByLabelText('Username').getAttribute('autocomplete')).toBe('username');
    expect(screen.getByLabelText('Password').getAttribute('type')).toBe('password');
    expect(within(screen.getByTestId('brand-logo')).getByText('Lloyds')).toBeTruthy();
    expect(screen.getByText(/Lloyds will never ask for your password/)).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Lloyds Commercial Banking B2B Analytics'));
    expect(callsTo(fetchMock, 'GET', '/api/v2/brandings/by-domain')).toHaveLength(1);
  });

  it("shows the server's message when sign-in fails and stays on /login", async () => {
    mockApi({
      'GET /api/v2/brandings/by-domain': { body: defaultBranding },
      'POST /api/auth/login': wrongPassword,
    });
    const { router } = renderApp('/login');
    await signIn('issuer@example.com', 'wrong');
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong username or password.');
    expect(screen.getByRole('button', { name: 'Sign in' }).hasAttribute('disabled')).toBe(false);
    expect(currentUrl(router)).toBe('/login');
  });

  it('disables Sign in while the request is pending', async () => {
    let release: () => void = () => undefined;
    const pending = new Promise<void>((resolve) => (release = resolve));
    mockApi({
      'GET /api/v2/brandings/by-domain': { body: defaultBranding },
      'POST /api/auth/login': async () => {
        await pending;
        return wrongPassword;
      },
    });
    renderApp('/login');
    await signIn();
    expect(screen.getByRole('button', { name: 'Sign in' }).hasAttribute('disabled')).toBe(true);
    release();
    await screen.findByRole('alert');
    expect(screen.getByRole('button', { name: 'Sign in' }).hasAttribute('disabled')).toBe(false);
  });

  it('signs in and returns to the callbackUrl', async () => {
    const fetchMock = mockApi({
      'GET /api/v2/brandings/by-domain': { body: defaultBranding },
      'POST /api/auth/login': { body: issuerProfile },
    });
    const { router } = renderApp('/login?callbackUrl=%2F%3Ffrom%3Dtest');
    await signIn();
    expect(await screen.findByRole('heading', { name: 'Welcome, Issuer Demo' })).toBeTruthy();
    expect(currentUrl(router)).toBe('/?from=test');
    const [, init] = callsTo(fetchMock, 'POST', '/api/auth/login')[0] ?? [];
    expect(new Headers(init?.headers).get('x-csrf-protection')).toBe('1');
    // The profile from sign-in is the session: no extra round trip.
    expect(callsTo(fetchMock, 'GET', '/api/auth/session')).toHaveLength(0);
  });

  it('ignores a callbackUrl that leaves the site', async () => {
    mockApi({
      'GET /api/v2/brandings/by-domain': { body: defaultBranding },
      'POST /api/auth/login': { body: issuerProfile },
    });
    const { router } = renderApp('/login?callbackUrl=%2F%2Fevil.example%2F');
    await signIn();
    await screen.findByRole('heading', { name: 'Welcome, Issuer Demo' });
    expect(currentUrl(router)).toBe('/');
  });

  it('mails a sign-in link and shows the answer', async () => {
    const fetchMock = mockApi({
      'GET /api/v2/brandings/by-domain': { body: defaultBranding },
      'POST /api/auth/magic-link': { body: { success: true, message: MESSAGES.magicLinkSent } },
    });
    renderApp('/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Email me a sign-in link' }));
    await user.type(screen.getByLabelText('Email'), 'issuer@example.com');
    await user.click(screen.getByRole('button', { name: 'Send sign-in link' }));
    expect((await screen.findByRole('status')).textContent).toBe(MESSAGES.magicLinkSent);
    const [, init] = callsTo(fetchMock, 'POST', '/api/auth/magic-link')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'issuer@example.com',
      callbackUrl: '/',
    });
  });

  it('falls back to the default branding when the lookup fails, without asking again', async () => {
    const fetchMock = mockApi({ 'GET /api/v2/brandings/by-domain': { status: 500, body: {} } });
    const { router } = renderApp('/login?callbackUrl=%2Fx');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(currentUrl(router)).toBe('/login?callbackUrl=%2Fx&error=public-branding-error');
    expect(within(screen.getByTestId('brand-logo')).getByText('B2B Analytics')).toBeTruthy();
    expect(callsTo(fetchMock, 'GET', '/api/v2/brandings/by-domain')).toHaveLength(1);
  });

  it("offers single sign-on with the provider's label, back to the callbackUrl", async () => {
    const issuerId = '5f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f';
    mockApi({
      'GET /api/v2/brandings/by-domain': { body: defaultBranding },
      'GET /api/auth/sso/providers': { body: { providers: [{ issuerId, label: 'PayTech ID' }] } },
    });
    renderApp('/login?callbackUrl=%2Fanalysis');
    const link = await screen.findByRole('link', { name: 'Sign in with PayTech ID' });
    expect(link.getAttribute('href')).toBe(
      `/api/auth/sso/${issuerId}/start?callbackUrl=%2Fanalysis`,
    );
    // Passwords keep working beside it.
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('asks for the providers of the issuer chosen by key', async () => {
    const fetchMock = mockApi({
      'GET /api/v2/brandings/by-domain': { body: defaultBranding },
      'GET /api/auth/sso/providers': { body: { providers: [] } },
    });
    renderApp('/login?issuer=paytech-bank');
    await screen.findByRole('heading', { name: 'Sign in' });
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', '/api/auth/sso/providers')).toHaveLength(1),
    );
    const [input] = callsTo(fetchMock, 'GET', '/api/auth/sso/providers')[0]!;
    expect(new URL(String(input), 'http://localhost').searchParams.get('issuer')).toBe(
      'paytech-bank',
    );
    expect(screen.queryByRole('link', { name: /Sign in with/ })).toBeNull();
  });

  it('says an account made by single sign-on awaits approval', async () => {
    mockApi({
      'GET /api/v2/brandings/by-domain': { body: defaultBranding },
      'GET /api/auth/sso/providers': { body: { providers: [] } },
    });
    renderApp('/login?sso=pending-approval');
    expect(await screen.findByText(MESSAGES.ssoPendingApproval)).toBeTruthy();
  });

  it('says a deactivated account was refused by single sign-on', async () => {
    mockApi({
      'GET /api/v2/brandings/by-domain': { body: defaultBranding },
      'GET /api/auth/sso/providers': { body: { providers: [] } },
    });
    renderApp('/login?sso=deactivated');
    expect(await screen.findByText(MESSAGES.accountDeactivated)).toBeTruthy();
  });

  it('says the provider cannot be reached when single sign-on sent the browser back for it', async () => {
    mockApi({
      'GET /api/v2/brandings/by-domain': { body: defaultBranding },
      'GET /api/auth/sso/providers': { body: { providers: [] } },
    });
    renderApp('/login?sso=unavailable');
    expect(await screen.findByText(MESSAGES.ssoProviderUnreachable)).toBeTruthy();
  });

  it("says the account is linked to another of the provider's sign-ins", async () => {
    mockApi({
      'GET /api/v2/brandings/by-domain': { body: defaultBranding },
      'GET /api/auth/sso/providers': { body: { providers: [] } },
    });
    renderApp('/login?sso=other-login');
    expect(await screen.findByText(MESSAGES.ssoOtherLogin)).toBeTruthy();
  });
});
