import { PUBLIC_WEB_ROUTES, type Frame } from '@b2b/contract';
import {
  createBrowserRouter,
  type PatchRoutesOnNavigationFunction,
  type RouteObject,
} from 'react-router';
import { FullScreenLoading } from '../components/feedback/full-screen-loading';
import { loadNotAvailablePage, pageRoute } from './page-route';
import { PUBLIC_ROUTE_PAGES } from './public-route-pages';
import { RouteErrorPage } from './routes/errors/route-error-page';
import { loadSignedInRoutes } from './signed-in-routes-loader';

const ROOT_ROUTE_ID = 'app';

function publicRoutesIn(frame: Frame): RouteObject[] {
  return PUBLIC_WEB_ROUTES.filter((route) => route.frame === frame).map((route) =>
    pageRoute(route, PUBLIC_ROUTE_PAGES[route.path] ?? loadNotAvailablePage),
  );
}

/**
 * The router, generated from the contract's route table (WEB_ROUTES). Frames and pages are
 * each their own chunk: /login downloads none of the signed-in code. The app starts with the
 * public routes only (PUBLIC_WEB_ROUTES); the signed-in ones — the shell, its frames and the
 * table of their pages with the files each needs — are one more chunk (signed-in-routes.tsx),
 * added by patchSignedInRoutes with the first path no public route answers.
 */
export const appRoutes: RouteObject[] = [
  {
    id: ROOT_ROUTE_ID,
    HydrateFallback: FullScreenLoading,
    ErrorBoundary: RouteErrorPage,
    children: [
      {
        lazy: async () => ({ Component: (await import('./frames/public-frame')).PublicFrame }),
        children: publicRoutesIn('public'),
      },
      {
        lazy: async () => ({ Component: (await import('./frames/bare-frame')).BareFrame }),
        children: [
          ...publicRoutesIn('bare'),
          {
            path: '*',
            lazy: async () => ({
              Component: (await import('./routes/errors/not-found-page')).NotFoundPage,
            }),
          },
        ],
      },
    ],
  },
];

/**
 * Adds the signed-in routes when a path matches no public route (only the not-found catch-all),
 * before React Router decides it is not found. A public route, token routes included, needs
 * nothing more; adding them again is a no-op (the shell route's id).
 */
export const patchSignedInRoutes: PatchRoutesOnNavigationFunction = async ({ matches, patch }) => {
  const leaf = matches.at(-1);
  if (leaf && leaf.route.path !== '*') return;
  patch(ROOT_ROUTE_ID, (await loadSignedInRoutes()).signedInRoutes);
};

export function createAppRouter() {
  return createBrowserRouter(appRoutes, { patchRoutesOnNavigation: patchSignedInRoutes });
}
