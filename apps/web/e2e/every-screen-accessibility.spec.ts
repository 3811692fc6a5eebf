import {
  can,
  DEFAULT_TABBED_VIEW_ROLES,
  JOB_TABS,
  permissionsOf,
  STANDARD_ROLES,
  TAB_PERMISSIONS,
  WEB_ROUTES,
  type WebRoute,
} from '@b2b/contract';
import { expect, test, type Page } from '@playwright/test';
import { CSRF, signInOnOwnDomain } from './support/api';
import { seriousViolations } from './support/axe';
import { concretePath } from './support/concrete-path';
import { completedDemoJobId, DEMO_JOBS } from './support/demo-jobs';
import { visitRoute } from './support/visit-route';

/**
 * Every signed-in screen, checked with axe as a role that may open it (OWASP ASVS and WCAG
 * expectations in DOMAIN.md): the home and profile pages alone said little about the other
 * hundred. Each route is opened by the first of these users whose permissions open it, so the
 * screens show what that role really sees; job screens open the completed demo job.
 */
const VIEWERS = [
  'issuer@example.com',
  'campaignmanager@example.com',
  'ptcojobmanager@example.com',
  'sysadmin@example.com',
  'developer@example.com',
] as const;

test.describe.configure({ mode: 'parallel' });

const SIGNED_IN_ROUTES = WEB_ROUTES.filter((route) => !route.public && route.path !== '/lobby');

/** The ids that make a route show a real record: the demo job and one of its suppliers. */
async function realValues(page: Page): Promise<Record<string, string>> {
  const jobId = await completedDemoJobId(page, DEMO_JOBS.summary);
  const suppliers = await page.request.post(`/api/v1/job-artifacts/${jobId}/suppliers`, {
    headers: CSRF,
    data: { pageNumber: 1, pageSize: 1, orderBy: 'annualSpend desc' },
  });
  const { collection } = (await suppliers.json()) as { collection: { supplierKey: string }[] };
  return { jobId, supplierKey: encodeURIComponent(collection[0]?.supplierKey ?? 'none') };
}

/**
 * Whether the demo user `<role in lower case>@example.com` opens a route: its permissions, and
 * for a job tab's screens the tab (its accessor role, the role's tab permission and any
 * permission the tab needs besides, as the job's tab bar decides).
 */
function opens(username: string, route: WebRoute): boolean {
  const role = STANDARD_ROLES.find((r) => `${r.toLowerCase()}@example.com` === username)!;
  const tabbedRoles = DEFAULT_TABBED_VIEW_ROLES[role];
  const user = { permissions: permissionsOf([role, ...tabbedRoles]) };
  if (!can(user, route.permissions)) return false;
  const rest = route.path.replace(/^\/jobs\/:jobId\//, '');
  const tab = JOB_TABS.find((t) => rest === t.path || rest.startsWith(`${t.path}/`));
  if (!route.path.startsWith('/jobs/:jobId/') || !tab) return true;
  return (
    (tabbedRoles as readonly string[]).includes(tab.accessorRole) &&
    user.permissions.includes(TAB_PERMISSIONS[tab.accessorRole]) &&
    can(user, tab.permissions ?? [])
  );
}

function pathWith(pattern: string, values: Record<string, string>): string {
  return concretePath(
    pattern.replace(/:(jobId|supplierKey)\b/g, (whole, name: string) => values[name] ?? whole),
  );
}

/** Screens per test: small groups spread over the workers, each well inside its timeout. */
const GROUP_SIZE = 8;

// Each route goes to the first viewer who opens it.
const assigned = VIEWERS.map((username, index) => ({
  username,
  mine: SIGNED_IN_ROUTES.filter(
    (route) =>
      opens(username, route) && !VIEWERS.slice(0, index).some((other) => opens(other, route)),
  ),
}));

for (const { username, mine } of assigned) {
  for (let from = 0; from < mine.length; from += GROUP_SIZE) {
    const group = mine.slice(from, from + GROUP_SIZE);
    const label = `${from + 1}–${from + group.length} of ${mine.length}`;
    test(`${username}: screens ${label} pass axe`, async ({ page }) => {
      const onJob = group.some((route) => route.path.includes(':jobId'));
      // A job screen may first wait for the demo job to complete (completedDemoJobId).
      test.setTimeout(onJob ? 300_000 : 120_000);
      const { origin } = await signInOnOwnDomain(page, username);
      const values = onJob ? await realValues(page) : {};
      const found: string[] = [];
      // A screen that throws is no better than one axe refuses: its error is listed too.
      let current = '';
      page.on('pageerror', (error) => found.push(`${current}: ${error.message}`));
      for (const route of group) {
        const path = pathWith(route.path, values);
        current = route.path;
        const outcome = await visitRoute(page, origin, path, route.path);
        expect(outcome.kind, `${route.path} at ${path}: ${found.join('\n')}`).toBe('rendered');
        // Let the screen's first data arrive: no loading indicator left on screen. Progress
        // bars that show a value (a job's steps) are content, and charts below the fold load
        // only when scrolled to, so their indicators stay: waiting on those waited 10 s.
        await page
          .waitForFunction(
            () =>
              [...document.querySelectorAll('[role="progressbar"]:not([aria-valuenow])')].every(
                (bar) => bar.getBoundingClientRect().top >= window.innerHeight,
              ),
            undefined,
            { timeout: 10_000 },
          )
          .catch(() => undefined);
        for (const v of await seriousViolations(page))
          found.push(`${route.path}: ${v.id} ${v.nodes.join(' | ')}`);
      }
      expect(found).toEqual([]);
    });
  }
}
