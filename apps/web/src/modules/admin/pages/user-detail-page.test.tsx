import type { UserDetail } from '@b2b/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { issuerProfile } from '../../../test/fixtures';
import { callsTo, mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { signedInApi } from '../../../test/signed-in-api';

const USER = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const JOB = '11111111-1111-4111-8111-111111111111';
const ISSUER = '5f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f';
const admin = {
  ...issuerProfile,
  permissions: ['User_CRUD', 'UsersRead', 'UsersUpdateAll', 'JobDirectUserAssignment'],
};
const detail = (hasMoreJobArtifactsToAssign: boolean): UserDetail => ({
  id: USER,
  idpId: null,
  idpIssuer: null,
  idProviderName: null,
  displayName: 'Casey Consultant',
  username: 'consultant@partner.example',
  givenName: 'Casey',
  surname: 'Consultant',
  roles: { standard: [], tabbedView: [] },
  approved: true,
  isDeactivated: false,
  eligible: true,
  pending: false,
  lastActivityAt: null,
  effectiveBranding: null,
  effectiveBrandingDisplayName: null,
  inheritedBranding: null,
  agreedLatestPrivacyPolicy: true,
  agreedLatestTermsOfService: true,
  hasMoreJobArtifactsToAssign,
  canSwitchRoles: false,
  authenticated: false,
  branding: { theme: 'default', fullDomainName: null },
  email: 'consultant@partner.example',
  explicitPermissions: [],
  issuers: [
    {
      issuerId: ISSUER,
      issuerName: 'PayTech Bank',
      issuerBrandingName: null,
      userRole: 'Member',
      isDomainUser: false,
      emailDomains: [],
    },
  ],
  version: 1,
});
const emptyPage = {
  collection: [],
  currentPage: 1,
  hasNextPage: false,
  hasPreviousPage: false,
  pageSize: 25,
  totalCount: 0,
  totalPages: 0,
};

function api(hasMore: boolean, changes: Partial<UserDetail> = {}) {
  return mockApi({
    ...signedInApi(admin),
    [`GET /api/v1/users/${USER}`]: { body: { ...detail(hasMore), ...changes } },
    'GET /api/v1/authorization/all-roles': { body: { standard: [], tabbedView: [] } },
    [`GET /api/v1/users/${USER}/potential-user-issuers`]: { body: [] },
    'POST /api/v1/authorization/auth-mapped-job-artifacts': { body: emptyPage },
    [`GET /api/v1/job-artifacts/${USER}/assignable-job-artifacts`]: {
      body: [{ id: JOB, name: 'Acme 2025', buyerName: 'Acme', createdOn: '2026-11-01T09:00:00Z' }],
    },
    'PUT /api/v1/job-artifacts/update-job-artifact-user-assignment': {
      body: { success: true, message: 'Assigned.' },
    },
  });
}

describe('UserDetailPage job artifacts', () => {
  it('assigns the user to one more job of their issuers, directly', async () => {
    const fetchMock = api(true);
    const user = userEvent.setup();
    renderApp(`/admin/users/${USER}`);
    await user.click(await screen.findByRole('combobox', { name: 'Assign to a job' }));
    await user.click(await screen.findByRole('option', { name: 'Acme 2025 · Acme' }));
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    await waitFor(() =>
      expect(
        callsTo(fetchMock, 'PUT', '/api/v1/job-artifacts/update-job-artifact-user-assignment'),
      ).toHaveLength(1),
    );
    const [, init] = callsTo(
      fetchMock,
      'PUT',
      '/api/v1/job-artifacts/update-job-artifact-user-assignment',
    )[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({
      jobArtifactId: JOB,
      userId: USER,
      isAssigned: true,
    });
  });

  it('offers no assignment when the server says no job is left to assign', async () => {
    const fetchMock = api(false);
    renderApp(`/admin/users/${USER}`);
    await screen.findByRole('grid', { name: 'Job artifacts of the user' });
    expect(screen.queryByRole('combobox', { name: 'Assign to a job' })).toBeNull();
    expect(
      callsTo(fetchMock, 'GET', `/api/v1/job-artifacts/${USER}/assignable-job-artifacts`),
    ).toHaveLength(0);
    expect(within(document.body).queryByRole('button', { name: 'Assign' })).toBeNull();
  });
});

describe('UserDetailPage single sign-on', () => {
  it("shows the provider's subject the user is linked to", async () => {
    api(false, {
      idpId: 'f3b0c1d2-subject',
      idpIssuer: 'https://login.paytech.example',
      idProviderName: 'PayTech Bank',
    });
    renderApp(`/admin/users/${USER}`);
    expect(
      await screen.findByText(
        'Single sign-on: PayTech Bank (https://login.paytech.example), subject f3b0c1d2-subject',
      ),
    ).toBeTruthy();
  });

  it('says nothing of single sign-on for a user never signed in there', async () => {
    api(false);
    renderApp(`/admin/users/${USER}`);
    await screen.findByRole('heading', { name: 'consultant@partner.example' });
    expect(screen.queryByText(/Single sign-on:/)).toBeNull();
  });
});
