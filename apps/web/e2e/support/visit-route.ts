import type { Page } from '@playwright/test';

/** What a visit showed: the route's page (its header, frame and title) or the /401 page. */
export type VisitOutcome =
  | { kind: 'rendered'; pathname: string; frame: string | null; title: string | null }
  | { kind: 'refused'; pathname: string }
  | { kind: 'timeout'; pathname: string };

/**
 * Opens `path` and waits, inside the page, for its outcome. The first visit loads the app like
 * a deep link; later ones move the browser history and let the router react as it does to the
 * back button, so ~100 routes do not reload the app ~100 times. Every guard runs either way.
 * The page header carries the matched route pattern: a page still showing the previous route
 * (even one with the same title) cannot pass for this one.
 */
export async function visitRoute(
  page: Page,
  origin: string,
  path: string,
  routePattern: string,
): Promise<VisitOutcome> {
  const reload = !page.url().startsWith(origin);
  if (reload) await page.goto(`${origin}${path}`);
  return page.evaluate(
    async ({ target, pattern, navigate }) => {
      if (navigate) {
        window.history.pushState(null, '', target);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline) {
        await new Promise((resolve) => requestAnimationFrame(resolve));
        const pathname = window.location.pathname;
        const refusal = document.querySelector('[data-frame="bare"] h1')?.textContent;
        if (pathname === '/401' && refusal === 'Not authorised')
          return { kind: 'refused', pathname } as const;
        const header = document.querySelector(`[data-route-path="${CSS.escape(pattern)}"]`);
        if (header) {
          const frame = header.closest('[data-frame]')?.getAttribute('data-frame') ?? null;
          return { kind: 'rendered', pathname, frame, title: header.textContent } as const;
        }
      }
      return { kind: 'timeout', pathname: window.location.pathname } as const;
    },
    { target: path, pattern: routePattern, navigate: !reload },
  );
}
