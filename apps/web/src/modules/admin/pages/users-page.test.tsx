import type { CurrentUserProfile } from '@b2b/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { issuerProfile } from '../../../test/fixtures';
import { callsTo, mockApi, type MockRequest } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { GERMAN, backToEnglish, germanUserApi } from '../../../test/german';
import { signedInApi } from '../../../test/signed-in-api';

const admin: CurrentUserProfile = {
  ...issuerProfile,
  permissions: ['User_CRUD', 'UsersRead', 'UsersDeactivate', 'UsersInvite', 'UsersUpdateAll'],
};
const row = (n: number, username: string) => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  username,
  displayName: username.split('@')[0]!,
  givenName: null,
  surname: null,
  standardRoles: ['client'],
  approved: true,
  isDeactivated: false,
  pending: false,
  lastActivityAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
});
const page = (collection: unknown[]) => ({
  collection,
  currentPage: 1,
  hasNextPage: false,
  hasPreviousPage: false,
  pageSize: 25,
  totalCount: collection.length,
  totalPages: 1,
});

describe('UsersPage', () => {
  it('lists each status in its tab, searches on the server and deactivates a user', async () => {
    const fetchMock = mockApi({
      ...signedInApi(admin),
      'POST /api/v1/users/active': (request: MockRequest) => {
        const items = (request.body as { filters: { filterItems: { itemValue: string }[] } })
          .filters.filterItems;
        return {
          body: page(
            items.length
              ? [row(2, 'bob@example.com')]
              : [row(1, 'ann@example.com'), row(2, 'bob@example.com')],
          ),
        };
      },
      'POST /api/v1/users/deactivated': { body: page([row(3, 'gone@example.com')]) },
      'PATCH /api/v1/users/deactivate': {
        body: {
          success: true,
          statusCode: 200,
          message: 'User ann@example.com deactivated; their sessions ended.',
        },
      },
    });
    renderApp('/admin/users');
    const user = userEvent.setup();
    const grid = await screen.findByRole('grid', { name: 'active users' });
    expect(await within(grid).findByText('ann@example.com')).toBeTruthy();
    const [, first] = callsTo(fetchMock, 'POST', '/api/v1/users/active')[0]!;
    expect(JSON.parse(String(first!.body))).toMatchObject({
      pageSize: 25,
      orderBy: 'username',
    });

    await user.type(screen.getByLabelText('Search username'), 'bob');
    await waitFor(() => expect(within(grid).queryByText('ann@example.com')).toBeNull());
    const last = callsTo(fetchMock, 'POST', '/api/v1/users/active').at(-1)!;
    expect(JSON.parse(String(last[1]!.body)).filters.filterItems[0]).toMatchObject({
      propertyName: 'username',
      itemComparisonOperator: 'Contains',
      itemValue: 'bob',
    });

    await user.click(within(grid).getAllByRole('button', { name: 'Deactivate' })[0]!);
    expect(await screen.findByText(/deactivated; their sessions ended/)).toBeTruthy();
    expect(callsTo(fetchMock, 'PATCH', '/api/v1/users/deactivate')).toHaveLength(1);

    await user.click(screen.getByRole('tab', { name: 'Deactivated' }));
    const deactivated = await screen.findByRole('grid', { name: 'deactivated users' });
    expect(await within(deactivated).findByText('gone@example.com')).toBeTruthy();
    expect(within(deactivated).getByRole('button', { name: 'Reactivate' })).toBeTruthy();
  });
});

describe('UsersPage in German', () => {
  afterEach(backToEnglish);

  it("says the server's success message with the user's name in German", async () => {
    mockApi({
      ...signedInApi(admin),
      ...germanUserApi(),
      'POST /api/v1/users/active': { body: page([row(1, 'ann@example.com')]) },
      'PATCH /api/v1/users/deactivate': {
        body: {
          success: true,
          statusCode: 200,
          message: 'User ann@example.com deactivated; their sessions ended.',
        },
      },
    });
    renderApp('/admin/users');
    const user = userEvent.setup();
    // Once the UI is in German (after sign-in, the user's language).
    await user.click(await screen.findByRole('button', { name: GERMAN.Deactivate }));
    expect(
      await screen.findByText(
        'Benutzer ann@example.com deaktiviert; seine Sitzungen wurden beendet.',
      ),
    ).toBeTruthy();
  });
});
