import type { UserListItem } from '@b2b/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { issuerProfile } from '../../../test/fixtures';
import { callsTo, mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { signedInApi } from '../../../test/signed-in-api';

const ISSUER = '5f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f';
const USER = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const reader = (permissions: string[]) => ({
  ...issuerProfile,
  permissions: ['IssuerArea_VIEW', 'IssuerRead', ...permissions],
});
const handAdded: UserListItem = {
  id: USER,
  username: 'consultant@partner.example',
  displayName: 'Casey Consultant',
  givenName: 'Casey',
  surname: 'Consultant',
  standardRoles: ['issuer'],
  approved: true,
  isDeactivated: false,
  pending: false,
  lastActivityAt: null,
  createdAt: '2026-11-01T09:00:00.000Z',
};
const api = (profile: ReturnType<typeof reader>) =>
  mockApi({
    ...signedInApi(profile),
    [`GET /api/v1/issuers/${ISSUER}/assigned-user-issuers`]: {
      body: [
        {
          userId: USER,
          username: handAdded.username,
          displayName: handAdded.displayName,
          userRole: 'Member',
          isDomainUser: false,
        },
      ],
    },
    'POST /api/v1/users/directly-assigned': {
      body: {
        collection: [handAdded],
        currentPage: 1,
        hasNextPage: false,
        hasPreviousPage: false,
        pageSize: 25,
        totalCount: 1,
        totalPages: 1,
      },
    },
  });

describe('IssuerUsersPage', () => {
  it('lists the users added by hand, apart from the e-mail domain’s, to UsersRead holders', async () => {
    const fetchMock = api(reader(['UsersRead']));
    renderApp(`/admin/issuer-manager/${ISSUER}/users`);
    const grid = await screen.findByRole('grid', { name: 'Directly assigned users' });
    expect(await within(grid).findByText('consultant@partner.example')).toBeTruthy();
    const [input] = callsTo(fetchMock, 'POST', '/api/v1/users/directly-assigned')[0]!;
    expect(new URL(String(input), 'http://localhost').searchParams.get('issuerId')).toBe(ISSUER);
  });

  it('leaves the list out without UsersRead', async () => {
    const fetchMock = api(reader([]));
    renderApp(`/admin/issuer-manager/${ISSUER}/users`);
    await screen.findByRole('table', { name: 'Issuer users' });
    expect(screen.queryByRole('grid', { name: 'Directly assigned users' })).toBeNull();
    expect(callsTo(fetchMock, 'POST', '/api/v1/users/directly-assigned')).toHaveLength(0);
  });
});
