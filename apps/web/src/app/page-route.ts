import type { WebRoute } from '@b2b/contract';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { WebRouteHandle } from './use-current-web-route';

/** Loads one page's code: each page is its own chunk, fetched on first visit. */
export type PageLoader = () => Promise<ComponentType>;

/** A route of the table without a page of its own shows the "not available yet" page. */
export const loadNotAvailablePage: PageLoader = async () =>
  (await import('./routes/not-available/not-available-page')).NotAvailablePage;

/** One route of the table: its page loads lazily, its handle carries the table entry. */
export function pageRoute(webRoute: WebRoute, load: PageLoader): RouteObject {
  const handle: WebRouteHandle = { webRoute };
  const lazy = async () => ({ Component: await load() });
  return webRoute.path === '/'
    ? { index: true, handle, lazy }
    : { path: webRoute.path.slice(1), handle, lazy };
}
