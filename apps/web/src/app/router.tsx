import { WEB_ROUTES, type Frame, type WebRoute } from '@b2b/contract';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { FullScreenLoading } from '../components/feedback/full-screen-loading';
import { loadPage } from './public-route-pages';
import { RouteErrorPage } from './routes/errors/route-error-page';
import type { WebRouteHandle } from './use-current-web-route';

/** One route of the table: its page loads lazily, its handle carries the table entry. */
function pageRoute(webRoute: WebRoute): RouteObject {
  const handle: WebRouteHandle = { webRoute };
  const lazy = async () => ({ Component: await loadPage(webRoute.path) });
  return webRoute.path === '/'
    ? { index: true, handle, lazy }
    : { path: webRoute.path.slice(1), handle, lazy };
}

function routesIn(frame: Frame): RouteObject[] {
  return WEB_ROUTES.filter((route) => route.frame === frame).map(pageRoute);
}

/**
 * The router, generated from the contract's route table (WEB_ROUTES). Frames and pages are
 * each their own chunk, and so is the signed-in pages' table (route-pages.ts): /login downloads
 * none of the signed-in code. The signed-in shell checks
 * session, environment, eligibility, system mode and the route's permissions for the standard
 * and printable frames.
 */
export const appRoutes: RouteObject[] = [
  {
    HydrateFallback: FullScreenLoading,
    ErrorBoundary: RouteErrorPage,
    children: [
      {
        lazy: async () => ({ Component: (await import('./frames/public-frame')).PublicFrame }),
        children: routesIn('public'),
      },
      {
        lazy: async () => ({ Component: (await import('./frames/bare-frame')).BareFrame }),
        children: [
          ...routesIn('bare'),
          {
            path: '*',
            lazy: async () => ({
              Component: (await import('./routes/errors/not-found-page')).NotFoundPage,
            }),
          },
        ],
      },
      {
        lazy: async () => ({
          Component: (await import('./frames/signed-in-shell')).SignedInShell,
        }),
        children: [
          {
            lazy: async () => ({
              Component: (await import('./frames/standard-frame')).StandardFrame,
            }),
            children: routesIn('standard'),
          },
          {
            lazy: async () => ({
              Component: (await import('./frames/printable-frame')).PrintableFrame,
            }),
            children: routesIn('printable'),
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
