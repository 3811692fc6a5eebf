import { MESSAGES, WEB_ROUTES } from '@b2b/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clientConfig, defaultBranding, issuerProfile } from '../test/fixtures';
import { mockApi } from '../test/mock-api';
import { currentUrl, renderApp } from '../test/render-app';
import { signedInApi } from '../test/signed-in-api';
import { PUBLIC_ROUTE_PAGES } from './public-route-pages';
import { ROUTE_PAGES } from './route-pages';

/** Whether the router holds the signed-in routes (added with the first path that needs them). */
function hasSignedInRoutes(router: ReturnType<typeof renderApp>['router']): boolean {
  return router.routes.some((root) => root.children?.some((route) => route.id === 'signed-in'));
}

const developer = {
  ...issuerProfile,
  permissions: [...issuerProfile.permissions, 'SystemMaintenanceMode_IGNORE'],
};

describe('the router generated from WEB_ROUTES', () => {
  it('maps pages only to signed-in routes of the table', () => {
    const paths = new Set(WEB_ROUTES.filter((route) => !route.public).map((route) => route.path));
    expect(Object.keys(ROUTE_PAGES).filter((path) => !paths.has(path))).toEqual([]);
  });

  it('gives every public route its page from the table in the entry', () => {
    const publicPaths = WEB_ROUTES.filter((route) => route.public).map((route) => route.path);
    expect(Object.keys(PUBLIC_ROUTE_PAGES).sort()).toEqual([...publicPaths].sort());
  });

  it('adds the signed-in routes with the first path no public route answers', async () => {
    mockApi({ ...signedInApi(), 'GET /api/v2/brandings/by-domain': { body: defaultBranding } });
    const { router } = renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(hasSignedInRoutes(router)).toBe(false);
    await router.navigate('/404');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(hasSignedInRoutes(router)).toBe(false);
    await router.navigate('/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeTruthy();
    expect(hasSignedInRoutes(router)).toBe(true);
  });

  it('shows the not-found page for a path no route answers, signed-in routes added', async () => {
    mockApi(signedInApi());
    const { router } = renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(hasSignedInRoutes(router)).toBe(true);
    expect(currentUrl(router)).toBe('/no-such-page');
  });

  it('sends a user without the route permissions to /401', async () => {
    mockApi(signedInApi());
    const { router } = renderApp('/admin/users');
    expect(await screen.findByRole('heading', { name: 'Not authorised' })).toBeTruthy();
    expect(currentUrl(router)).toBe('/401');
  });

  it('gives every route of the table a page of its own: none says "Not available yet"', () => {
    const built = new Set([...Object.keys(ROUTE_PAGES), ...Object.keys(PUBLIC_ROUTE_PAGES)]);
    expect(WEB_ROUTES.filter((route) => !built.has(route.path)).map((r) => r.path)).toEqual([]);
  });

  it('shows only the maintenance message to users who may not ignore it', async () => {
    mockApi({ ...signedInApi(), 'GET /api/v1/system-mode': { body: { mode: 'Maintenance' } } });
    renderApp('/');
    expect(await screen.findByText(MESSAGES.maintenance)).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryByRole('heading', { name: /Welcome/ })).toBeNull();
  });

  it('shows a mode switcher without the maintenance bypass only the message too', async () => {
    mockApi({
      ...signedInApi({ ...issuerProfile, permissions: ['SystemModeUpdate', 'ViewJobTabs'] }),
      'GET /api/v1/system-mode': { body: { mode: 'Maintenance' } },
    });
    renderApp('/');
    expect(await screen.findByText(MESSAGES.maintenance)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'System mode' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Switch mode' })).toBeNull();
    expect(screen.queryByRole('banner')).toBeNull();
  });

  it('lets SystemMaintenanceMode_IGNORE holders use the app in maintenance', async () => {
    mockApi({
      ...signedInApi(developer),
      'GET /api/v1/system-mode': { body: { mode: 'Maintenance' } },
    });
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Welcome, Issuer Demo' })).toBeTruthy();
    expect(screen.queryByText(MESSAGES.maintenance)).toBeNull();
  });

  it('reports any mode but Live and Maintenance as an unknown system mode', async () => {
    mockApi({ ...signedInApi(), 'GET /api/v1/system-mode': { body: { mode: 'ReadOnly' } } });
    renderApp('/');
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.unknownSystemMode);
  });

  it('sends a build for another environment to /503', async () => {
    mockApi({
      ...signedInApi(),
      'GET /api/v1/system-data/client-config': { body: { ...clientConfig, environment: 'uat' } },
    });
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Service unavailable' })).toBeTruthy();
    expect(currentUrl(router)).toBe('/503');
  });

  it('shows the environment and system-notification bars when configured', async () => {
    mockApi({
      ...signedInApi(),
      'GET /api/v1/system-data/client-config': {
        body: { ...clientConfig, environmentLabel: 'UAT', systemNotification: 'Upgrade at 6 pm' },
      },
    });
    renderApp('/');
    expect((await screen.findByTestId('environment-bar')).textContent).toBe('UAT');
    expect(
      within(screen.getByTestId('system-notification-bar')).getByText('Upgrade at 6 pm'),
    ).toBeTruthy();
  });

  it('shows the error page in place of a crashed page', async () => {
    mockApi({ ...signedInApi(), 'GET /api/auth/session': { body: { not: 'a profile' } } });
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText(MESSAGES.genericProblem)).toBeTruthy();
  });
});
