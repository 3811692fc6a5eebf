/** The signed-in pages' table (route-pages.ts), a chunk of its own: see public-route-pages.ts. */
export function loadSignedInPages() {
  return import('./route-pages');
}

/**
 * Starts downloading the signed-in pages' table (and nothing else) where a signed-in page is
 * about to be shown — a signed-in route opened directly, or a sign-in under way — so that page's
 * own chunk is not fetched one round trip later than it used to be. A failure is left for the
 * navigation itself to report.
 */
export function preloadSignedInPages(): void {
  loadSignedInPages().catch(() => undefined);
}
