import type { QueryClient } from '@tanstack/react-query';

type FirstData = () => Promise<(queryClient: QueryClient) => Promise<void>>;

/**
 * Path → what its page shows first, for a page whose largest content waits on one list: asked
 * when the app starts on that path, beside the session, rather than once the frame and the page
 * have loaded and mounted — the analysis list's rows were asked about 300 ms after the session
 * on a first load (docs/perf/lighthouse.md). Each is loaded from its page's module, which the
 * route's preloads (route-preloads.ts) have already fetched; the page's grid asks under the same
 * key (GridSource), so it finds the rows asked. Exact paths of routes without parameters: React
 * Router's matchPath here split the entry into more files for the sign-in page.
 */
const ROUTE_FIRST_DATA = new Map<string, FirstData>([
  ['/analysis', async () => (await import('../modules/jobs/pages/job-list-page')).prefetchJobList],
]);

/**
 * Asks for the first data of the page at `pathname`, if its path names any. A failure is left
 * for the page to meet and report when it asks again.
 */
export function prefetchRouteFirstData(queryClient: QueryClient, pathname: string): void {
  const firstData = ROUTE_FIRST_DATA.get(pathname);
  if (!firstData) return;
  firstData()
    .then((prefetch) => prefetch(queryClient))
    .catch(() => undefined);
}
