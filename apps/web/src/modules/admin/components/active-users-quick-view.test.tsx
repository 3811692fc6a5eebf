import type { ActiveUserEntry, CurrentUserProfile } from '@b2b/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { issuerProfile } from '../../../test/fixtures';
import { callsTo, mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { signedInApi } from '../../../test/signed-in-api';
import { durationSince } from './active-users-quick-view';

afterEach(() => localStorage.clear());

const PATH = '/api/v1/concurrency/active-users';
const me: CurrentUserProfile = {
  ...issuerProfile,
  displayName: 'Sys Admin Demo',
  permissions: ['StandardLayoutNavbar_VIEW', 'ActiveUsers_VIEW', 'IssuerArea_VIEW', 'IssuerRead'],
};
const ISSUER = '5f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f';
const TESS = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const UMA = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const entry = (overrides: Partial<ActiveUserEntry>): ActiveUserEntry => ({
  userId: TESS,
  userName: 'tester@example.com',
  displayName: 'Tess Tester',
  email: 'tester@example.com',
  entityType: 'issuer',
  entityId: ISSUER,
  entityName: 'Northwind Bank',
  since: ago(12),
  lastSeenAt: ago(0),
  exclusiveWriteAccess: false,
  ...overrides,
});
const rows = [
  entry({ userId: me.id, displayName: 'Sys Admin Demo', email: 'sysadmin@example.com' }),
  entry({ exclusiveWriteAccess: true }),
  entry({
    userId: UMA,
    displayName: 'Uma Admin',
    email: 'uma@example.com',
    entityType: 'user',
    entityId: TESS,
    entityName: 'tester@example.com',
    since: ago(125),
  }),
];

describe('Active users quick view', () => {
  it('counts the others on its badge and lists who is where, since when', async () => {
    mockApi({ ...signedInApi(me), [`GET ${PATH}`]: { body: rows } });
    renderApp('/');
    // Named by its content, the badge's count included; the user's own visit is not counted.
    const button = await screen.findByRole('button', { name: /^Active users: 2 others/ });
    expect(button.textContent).toBe('Active users: 2 others2');

    await userEvent.setup().click(button);
    const view = await screen.findByRole('dialog', { name: 'Active users' });
    const table = within(view).getByRole('table', { name: 'Active users' });
    const cells = (name: RegExp) =>
      within(within(table).getByRole('row', { name }))
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells(/Tess Tester/)).toEqual([
      'Tess Tester',
      'tester@example.com',
      'Issuer: Northwind Bank',
      '12 min',
      'Editing',
    ]);
    expect(cells(/Sys Admin Demo/)[0]).toBe('Sys Admin Demo (you)');
    expect(cells(/Uma Admin/)).toEqual([
      'Uma Admin',
      'uma@example.com',
      'User: tester@example.com',
      '2 h 5 min',
      '',
    ]);
    // The issuer's page is a link (the user may open it); the user page is not (no User_CRUD).
    const links = within(table).getAllByRole('link', { name: 'Issuer: Northwind Bank' });
    expect(links[0]!.getAttribute('href')).toBe(`/admin/issuer-manager/${ISSUER}`);
    expect(within(table).queryByRole('link', { name: /User:/ })).toBeNull();
  });

  it('refetches every 2 s while open', async () => {
    const fetchMock = mockApi({ ...signedInApi(me), [`GET ${PATH}`]: { body: [] } });
    renderApp('/');
    const button = await screen.findByRole('button', { name: /^Active users/ });
    await userEvent.setup().click(button);
    const view = await screen.findByRole('dialog', { name: 'Active users' });
    expect(await within(view).findByText('Nobody is viewing an entity right now')).toBeTruthy();
    const before = callsTo(fetchMock, 'GET', PATH).length;
    await waitFor(
      () => expect(callsTo(fetchMock, 'GET', PATH).length).toBeGreaterThanOrEqual(before + 1),
      { timeout: 3_500 },
    );
  });

  it('refetches every 2 s while closed too, so its badge is current', async () => {
    const fetchMock = mockApi({ ...signedInApi(me), [`GET ${PATH}`]: { body: [] } });
    renderApp('/');
    await screen.findByRole('button', { name: /^Active users/ });
    await waitFor(() => expect(callsTo(fetchMock, 'GET', PATH).length).toBeGreaterThan(0));
    const before = callsTo(fetchMock, 'GET', PATH).length;
    await waitFor(
      () => expect(callsTo(fetchMock, 'GET', PATH).length).toBeGreaterThanOrEqual(before + 1),
      { timeout: 3_500 },
    );
    expect(screen.queryByRole('dialog', { name: 'Active users' })).toBeNull();
  });

  it('is not there without ActiveUsers_VIEW, and never asks the server', async () => {
    const fetchMock = mockApi({
      ...signedInApi({ ...me, permissions: ['StandardLayoutNavbar_VIEW', 'IssuerArea_VIEW'] }),
    });
    renderApp('/');
    await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(screen.queryByRole('button', { name: /Active users/ })).toBeNull();
    expect(callsTo(fetchMock, 'GET', PATH)).toHaveLength(0);
  });

  it('says how long someone has been on a page', () => {
    const now = Date.parse('2026-01-01T12:00:00Z');
    expect(durationSince('2026-01-01T11:59:30Z', now)).toBe('just now');
    expect(durationSince('2026-01-01T11:48:00Z', now)).toBe('12 min');
    expect(durationSince('2026-01-01T09:55:00Z', now)).toBe('2 h 5 min');
  });
});
