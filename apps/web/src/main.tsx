import { PUBLIC_WEB_ROUTES } from '@b2b/contract';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { matchPath } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { startFirstStrings } from './app/language/language-gate';
import { AppProviders } from './app/providers';
import { preloadSignedInPage } from './app/signed-in-routes-loader';
import { createAppRouter } from './app/router';
import { sessionQueryOptions } from './lib/auth/get-session';
import { createQueryClient } from './lib/query-client';
import { clientConfigQueryOptions } from './modules/system/api/get-client-config';
import { systemModeQueryOptions } from './modules/system/api/get-system-mode';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const queryClient = createQueryClient();
// The frames wait for these before they show a page (a signed-in one for the session too, and
// every page for its strings): asked now, while the frame's and the page's code download, rather
// than once that code runs (a round of requests sooner). A signed-in page also needs the
// signed-in routes before its own chunk can be fetched, and some pages a list (route-first-data.ts).
if (!PUBLIC_WEB_ROUTES.some((route) => matchPath(route.path, window.location.pathname))) {
  void queryClient.prefetchQuery(sessionQueryOptions());
  preloadSignedInPage(queryClient, window.location.pathname);
}
startFirstStrings();
void queryClient.prefetchQuery(clientConfigQueryOptions());
void queryClient.prefetchQuery(systemModeQueryOptions());
const router = createAppRouter();

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
