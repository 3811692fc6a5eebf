/*
 * The pages of the public routes (WEB_ROUTES marked `public`): sign-in, lobby, error pages and
 * the magic-link pages. Only this small table is part of the app's entry; the signed-in pages'
 * table (route-pages.ts) comes with the signed-in routes' chunk, so the sign-in page does not
 * download the list of every signed-in page and its files (docs/architecture.md, "Bundle
 * budget").
 */
import type { PageLoader } from './page-route';
import { ServerErrorPage } from './routes/errors/server-error-page';

/**
 * Public route path (exactly as in WEB_ROUTES) → its page. A test checks that every key here
 * is a public route and every public route has its page here.
 */
export const PUBLIC_ROUTE_PAGES: Readonly<Record<string, PageLoader>> = {
  '/login': async () => (await import('./routes/auth/login-page')).LoginPage,
  '/lobby': async () => (await import('./routes/lobby/lobby-page')).LobbyPage,
  '/401': async () => (await import('./routes/errors/not-authorised-page')).NotAuthorisedPage,
  '/404': async () => (await import('./routes/errors/not-found-page')).NotFoundPage,
  // Already in the main chunk: the error boundary shows it in place of a page that crashed.
  '/500': async () => ServerErrorPage,
  '/503': async () =>
    (await import('./routes/errors/service-unavailable-page')).ServiceUnavailablePage,
  '/campaign-response/:token': async () =>
    (await import('../modules/campaigns/pages/supplier-response-page')).SupplierResponsePage,
  '/upload-link/:token': async () =>
    (await import('../modules/magic-links/pages/upload-link-page')).UploadLinkPage,
  '/results-link/:token': async () =>
    (await import('../modules/jobs/pages/results-link-page')).ResultsLinkPage,
  '/accounting-link/:token': async () =>
    (await import('../modules/merge-links/pages/accounting-link-page')).AccountingLinkPage,
};
