import type { QueryClient } from '@tanstack/react-query';

/**
 * The signed-in part of the router with its route → page table (signed-in-routes.tsx), a chunk
 * of its own: see router.tsx.
 */
export function loadSignedInRoutes() {
  return import('./signed-in-routes');
}

/**
 * Starts downloading the signed-in routes (and nothing else) where a signed-in page is about to
 * be shown — a signed-in route opened directly, or a sign-in under way — so that page's own
 * chunk is not fetched one round trip later than it used to be. A failure is left for the
 * navigation itself to report.
 */
export function preloadSignedInRoutes(): void {
  loadSignedInRoutes().catch(() => undefined);
}

/**
 * For a signed-in page opened directly: starts downloading the signed-in routes, and with them
 * asks for what the page shows first where its route names that (route-first-data.ts, part of
 * the signed-in routes' chunk, so the sign-in page does not carry it).
 */
export function preloadSignedInPage(queryClient: QueryClient, pathname: string): void {
  loadSignedInRoutes()
    .then((routes) => routes.prefetchRouteFirstData(queryClient, pathname))
    .catch(() => undefined);
}
