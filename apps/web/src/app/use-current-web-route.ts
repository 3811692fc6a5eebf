import type { WebRoute } from '@b2b/contract';
import { useMatches } from 'react-router';

/** What every generated route carries in its handle: its entry of the route table. */
export type WebRouteHandle = { webRoute: WebRoute };

function isWebRouteHandle(handle: unknown): handle is WebRouteHandle {
  return typeof handle === 'object' && handle !== null && 'webRoute' in handle;
}

/** The route-table entry of the page on screen (undefined for the not-found catch-all). */
export function useCurrentWebRoute(): WebRoute | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle;
    if (isWebRouteHandle(handle)) return handle.webRoute;
  }
  return undefined;
}
