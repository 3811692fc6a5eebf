import { JOB_TYPES } from '@b2b/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { issuerProfile } from '../../test/fixtures';
import { callsTo, mockApi } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { signedInApi } from '../../test/signed-in-api';

const analyst = {
  ...issuerProfile,
  permissions: [
    'StandardLayoutNavbar_VIEW',
    'JobCreate',
    'ViewJobTabs',
    'AnalysisJobList_VIEW',
    'VendorsSearchView',
    'JobTab_SummaryUpload_VIEW',
    'JobTab_MatchedDataOnlyUpload_VIEW',
    'JobTab_ConsultantUpload_VIEW',
    'MatchedDataOnlyWorkflow_VIEW',
  ],
};

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('StandardFrame', () => {
  it('shows only the navigation entries the permissions open', async () => {
    mockApi(signedInApi(analyst));
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Analysis' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Vendors' })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'Dashboard' })).toBeNull();
    expect(within(nav).queryByText('Admin')).toBeNull();
    expect(within(nav).queryByText('System')).toBeNull();
  });

  it('offers the three job types behind New Job, and hides it without JobCreate', async () => {
    mockApi(signedInApi(analyst));
    const { unmount } = renderApp('/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New Job' }));
    const items = screen.getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(Object.values(JOB_TYPES));
    expect(items[1]?.getAttribute('href')).toBe('/jobs/create/matched-data-only');
    unmount();

    mockApi(signedInApi({ ...analyst, permissions: ['StandardLayoutNavbar_VIEW', 'ViewJobTabs'] }));
    renderApp('/');
    await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(screen.queryByRole('button', { name: 'New Job' })).toBeNull();
  });

  it('shows no navbar and no toggle without StandardLayoutNavbar_VIEW', async () => {
    mockApi(
      signedInApi({
        ...analyst,
        permissions: analyst.permissions.filter((p) => p !== 'StandardLayoutNavbar_VIEW'),
      }),
    );
    renderApp('/');
    expect(await screen.findByRole('main')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Toggle navigation' })).toBeNull();
  });

  it('collapses the navbar to icons with the toggle and remembers it', async () => {
    mockApi(signedInApi(analyst));
    renderApp('/');
    const user = userEvent.setup();
    const toggle = await screen.findByRole('button', { name: 'Toggle navigation' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Analysis' })).toBeTruthy();
    expect(within(nav).queryByText('Analysis', { selector: 'span' })).toBeNull();
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem('b2b.navbar') ?? '{}').webapp).toBe('collapsed'),
    );
  });

  it('lists the roles in the user menu tooltip and offers Profile and Logout', async () => {
    mockApi(signedInApi());
    renderApp('/');
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Issuer Demo' });
    await user.hover(button);
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip.textContent).toContain('System Roles: Issuer');
    expect(tooltip.textContent).toContain('Analysis Roles: Job Summary, Job Insights');
    await user.click(button);
    expect(screen.getByRole('menuitem', { name: 'Profile' }).getAttribute('href')).toBe('/profile');
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toBeTruthy();
  });

  it('previews another theme for Toolbar_Theme_Switcher_VIEW holders only', async () => {
    mockApi(signedInApi({ ...analyst, permissions: ['Toolbar_Theme_Switcher_VIEW'] }));
    renderApp('/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Preview a theme' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'Theme 3: Lloyds' }));
    await waitFor(() => expect(sessionStorage.getItem('b2b.themePreview')).toBe('lloyds'));
    expect(within(screen.getByRole('banner')).getByTestId('brand-logo')).toBeTruthy();
  });

  it('switches the active roles of a user who may', async () => {
    const switcher = {
      ...issuerProfile,
      canSwitchRoles: true,
      availableStandardRoles: ['issuer' as const, 'tester' as const],
      roles: {
        ...issuerProfile.roles,
        standard: [
          { role: 'tester' as const, displayName: 'Tester', description: '' },
          { role: 'issuer' as const, displayName: 'Issuer', description: '' },
        ],
      },
    };
    const fetchMock = mockApi({
      ...signedInApi(switcher),
      'PATCH /api/auth/active-roles': {
        body: { ...switcher, roles: { ...switcher.roles, standard: [switcher.roles.standard[0]] } },
      },
    });
    renderApp('/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Roles (2)' }));
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Issuer' }));
    // The menu stays open for further choices; the tester role is now the last one active.
    await waitFor(() =>
      expect(
        screen.getByRole('menuitemcheckbox', { name: 'Issuer' }).getAttribute('aria-checked'),
      ).toBe('false'),
    );
    expect(
      screen.getByRole('menuitemcheckbox', { name: 'Tester' }).getAttribute('aria-disabled'),
    ).toBe('true');
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('button', { name: 'Roles (1)' })).toBeTruthy();
    const [, init] = callsTo(fetchMock, 'PATCH', '/api/auth/active-roles')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ roles: ['tester'] });
  });
});
