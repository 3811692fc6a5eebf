import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers';
import { appRoutes, patchSignedInRoutes } from '../app/router';
import { createQueryClient } from '../lib/query-client';
import { PUBLIC_ROUTE_PAGES } from '../app/public-route-pages';
import { ROUTE_PAGES } from '../app/route-pages';

// Routes load their frames and pages lazily. Loading them once here, while the test file is
// collected, keeps the first test of a file from paying for all of them inside its time limit.
await Promise.all([
  import('../app/frames/public-frame'),
  import('../app/frames/bare-frame'),
  import('../app/frames/signed-in-shell'),
  import('../app/frames/standard-frame'),
  import('../app/frames/printable-frame'),
  import('../app/routes/not-available/not-available-page'),
  import('../app/signed-in-routes'),
  ...Object.values(PUBLIC_ROUTE_PAGES).map((load) => load()),
  ...Object.values(ROUTE_PAGES).map((load) => load()),
]);

/** Renders the whole app (real routes, providers and query client) at `path`. */
export function renderApp(path: string) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(appRoutes, {
    initialEntries: [path],
    patchRoutesOnNavigation: patchSignedInRoutes,
  });
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}

/** The router's current path and query, e.g. '/login?callbackUrl=%2F'. */
export function currentUrl(router: ReturnType<typeof createMemoryRouter>): string {
  return router.state.location.pathname + router.state.location.search;
}
