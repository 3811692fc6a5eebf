import { WEB_ROUTES, type Frame } from '@b2b/contract';
import type { RouteObject } from 'react-router';
import { pageRoute } from './page-route';
import { pageLoaderFor } from './route-pages';

export { prefetchRouteFirstData } from './route-first-data';

function routesIn(frame: Frame): RouteObject[] {
  return WEB_ROUTES.filter((route) => !route.public && route.frame === frame).map((route) =>
    pageRoute(route, pageLoaderFor(route.path)),
  );
}

/**
 * The signed-in part of the router (router.tsx adds it with the first signed-in page): every
 * route of WEB_ROUTES that is not public, in the signed-in shell, which checks session,
 * environment, eligibility, system mode and the route's permissions for the standard and
 * printable frames.
 */
export const signedInRoutes: RouteObject[] = [
  {
    // Its id lets React Router see it is already there when it is offered again.
    id: 'signed-in',
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
];
