import { PUBLIC_WEB_ROUTES } from '@b2b/contract';
import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { sessionQueryOptions } from '../lib/auth/get-session';
import { createQueryClient } from '../lib/query-client';
import { clientConfigQueryOptions } from '../modules/system/api/get-client-config';
import { systemModeQueryOptions } from '../modules/system/api/get-system-mode';
import { startFirstStrings } from './language/language-gate';
import { preloadSignedInPage } from './signed-in-routes-loader';

/**
 * The app's first requests for the page at `pathname`, asked before any of its screens' code
 * has run. The frames wait for these before they show a page (a signed-in one for the session
 * too, and every page for its strings): asked now, while the rendering code is evaluated,
 * rather than once it runs (a round of requests sooner). A signed-in page also needs the
 * signed-in routes before its own chunk can be fetched, and some pages a list
 * (route-first-data.ts).
 */
export function startRequests(pathname: string): QueryClient {
  const queryClient = createQueryClient();
  if (!PUBLIC_WEB_ROUTES.some((route) => matchPath(route.path, pathname))) {
    void queryClient.prefetchQuery(sessionQueryOptions());
    preloadSignedInPage(queryClient, pathname);
  }
  startFirstStrings();
  void queryClient.prefetchQuery(clientConfigQueryOptions());
  void queryClient.prefetchQuery(systemModeQueryOptions());
  return queryClient;
}
