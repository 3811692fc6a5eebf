import { MESSAGES } from '@b2b/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { defaultBranding, issuerProfile, notSignedIn } from '../../../test/fixtures';
import { callsTo, mockApi } from '../../../test/mock-api';
import { currentUrl, renderApp } from '../../../test/render-app';
import { signedInApi } from '../../../test/signed-in-api';
import { JOB_ID, jobListItem } from '../../../modules/jobs/test/job-fixtures';

const sysAdmin = {
  ...issuerProfile,
  permissions: [
    'JobCreate',
    'ViewJobTabs',
    'AnalysisJobList_VIEW',
    'SystemModeUpdate',
    'JobTab_SummaryUpload_VIEW',
  ],
};

describe('HomePage in the signed-in frame', () => {
  it('says Authenticating... while the session is asked for, then greets the user', async () => {
    let release: () => void = () => undefined;
    const pending = new Promise<void>((resolve) => (release = resolve));
    mockApi({
      ...signedInApi(),
      'GET /api/auth/session': async () => {
        await pending;
        return { body: issuerProfile };
      },
    });
    renderApp('/');
    expect(await screen.findByText(MESSAGES.authenticating)).toBeTruthy();
    release();
    expect(await screen.findByRole('heading', { name: 'Welcome, Issuer Demo' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Home' })).toBeTruthy();
  });

  it('shows the user branding and titles the page after the issuer', async () => {
    mockApi(signedInApi());
    renderApp('/');
    await screen.findByRole('heading', { name: 'Welcome, Issuer Demo' });
    expect(within(screen.getByRole('banner')).getByText('PayTech')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('PayTech Bank B2B Analytics'));
  });

  it('titles the page B2B Analytics when the branding has no issuer', async () => {
    const noIssuer = {
      ...issuerProfile,
      branding: { ...issuerProfile.branding, issuerName: null },
    };
    mockApi(signedInApi(noIssuer));
    renderApp('/');
    await screen.findByRole('heading', { name: 'Welcome, Issuer Demo' });
    await waitFor(() => expect(document.title).toBe(MESSAGES.pageTitleSuffix));
  });

  it('offers what the permissions open, and the system mode control to those allowed', async () => {
    mockApi(signedInApi(sysAdmin));
    renderApp('/');
    const next = await screen.findByRole('region', { name: 'What you can do next' });
    expect(within(next).getByRole('link', { name: 'Summary Upload' }).getAttribute('href')).toBe(
      '/jobs/create/base',
    );
    expect(within(next).getByRole('link', { name: 'Analysis' })).toBeTruthy();
    expect(within(next).queryByRole('link', { name: 'Dashboard' })).toBeNull();
    expect(screen.getByRole('region', { name: 'System mode' })).toBeTruthy();
  });

  it('lists the recent analyses on the analysis landing, newest change first', async () => {
    const fetchMock = mockApi({
      ...signedInApi({
        ...issuerProfile,
        permissions: ['AnalysisLanding_VIEW', 'AnalysisJobList_VIEW', 'ViewJobTabs'],
      }),
      'POST /api/v1/job-artifacts/get': {
        body: {
          collection: [jobListItem({ name: 'Acme 2025', status: 'Completed' })],
          currentPage: 1,
          hasNextPage: false,
          hasPreviousPage: false,
          pageSize: 5,
          totalCount: 1,
          totalPages: 1,
        },
      },
    });
    renderApp('/');
    const recent = await screen.findByRole('list', { name: 'Recent analyses' });
    expect(within(recent).getByRole('link', { name: 'Acme 2025' }).getAttribute('href')).toBe(
      `/jobs/loading/${JOB_ID}`,
    );
    expect(within(recent).getByText('Completed')).toBeTruthy();
    const body = JSON.parse(
      String(callsTo(fetchMock, 'POST', '/api/v1/job-artifacts/get')[0]![1]!.body),
    );
    expect(body).toEqual({ pageNumber: 1, pageSize: 5, orderBy: 'updatedOn desc', filters: [] });
  });

  it('has no analysis landing without AnalysisLanding_VIEW', async () => {
    const fetchMock = mockApi(
      signedInApi({ ...issuerProfile, permissions: ['AnalysisJobList_VIEW', 'ViewJobTabs'] }),
    );
    renderApp('/');
    await screen.findByRole('heading', { name: 'Welcome, Issuer Demo' });
    expect(screen.queryByRole('region', { name: 'Recent analyses' })).toBeNull();
    expect(callsTo(fetchMock, 'POST', '/api/v1/job-artifacts/get')).toHaveLength(0);
  });

  it('hides the system mode control from everyone else', async () => {
    mockApi(signedInApi());
    renderApp('/');
    await screen.findByRole('heading', { name: 'Welcome, Issuer Demo' });
    expect(screen.queryByRole('region', { name: 'System mode' })).toBeNull();
  });

  it('sends a signed-out visitor to sign in with a callbackUrl', async () => {
    mockApi({
      ...signedInApi(),
      'GET /api/auth/session': notSignedIn,
      'GET /api/v2/brandings/by-domain': { body: defaultBranding },
    });
    const { router } = renderApp('/?tab=2');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(currentUrl(router)).toBe('/login?callbackUrl=%2F%3Ftab%3D2');
  });

  it('says so when the session has expired', async () => {
    mockApi({
      ...signedInApi(),
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

  it('logs out: calls logout, forgets the session and goes to /login', async () => {
    const fetchMock = mockApi({
      ...signedInApi(),
      'POST /api/auth/logout': { body: { success: true, message: 'Signed out.' } },
      'GET /api/v2/brandings/by-domain': { body: defaultBranding },
    });
    const { router, queryClient } = renderApp('/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Issuer Demo' }));
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(currentUrl(router)).toBe('/login');
    expect(callsTo(fetchMock, 'POST', '/api/auth/logout')).toHaveLength(1);
    await waitFor(() => expect(queryClient.getQueryData(['auth', 'session'])).toBeUndefined());
    expect(callsTo(fetchMock, 'GET', '/api/auth/session')).toHaveLength(1);
    expect(callsTo(fetchMock, 'GET', '/api/v2/brandings/by-domain')).toHaveLength(1);
  });
});
