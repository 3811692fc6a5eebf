import { can, WEB_ROUTES } from '@b2b/contract';
import { expect, test } from '@playwright/test';
import { signInOnOwnDomain } from './support/api';
import { concretePath } from './support/concrete-path';
import { DEMO_USERS } from './support/demo-users';
import { visitRoute } from './support/visit-route';

// One test per role, spread over the workers; each visits every route in one page.
test.describe.configure({ mode: 'parallel' });

const SIGNED_IN_ROUTES = WEB_ROUTES.filter((route) => !route.public);

for (const { username } of DEMO_USERS) {
  test(`${username} reaches exactly the routes their permissions open`, async ({ page }) => {
    // About a hundred routes: allow for a busy machine.
    test.setTimeout(120_000);
    const { origin, profile } = await signInOnOwnDomain(page, username);
    const expected: string[] = [];
    const actual: string[] = [];
    for (const route of SIGNED_IN_ROUTES) {
      const path = concretePath(route.path);
      const outcome = await visitRoute(page, origin, path, route.path);
      // One line per route, compared at the end: a failure lists every wrong route at once.
      expected.push(
        can(profile, route.permissions)
          ? `${route.path}: ${route.frame} "${route.title}" at ${path}`
          : `${route.path}: /401`,
      );
      actual.push(
        outcome.kind === 'rendered'
          ? `${route.path}: ${outcome.frame} "${outcome.title}" at ${outcome.pathname}`
          : outcome.kind === 'refused'
            ? `${route.path}: /401`
            : `${route.path}: nothing after 10 s at ${outcome.pathname}`,
      );
    }
    expect(actual).toEqual(expected);
    const refused = expected.filter((line) => line.endsWith(': /401')).length;
    test.info().annotations.push({
      type: 'routes',
      description: `${SIGNED_IN_ROUTES.length - refused} opened, ${refused} refused`,
    });
  });
}

test('public and error pages render in their frames signed out', async ({ page }) => {
  for (const route of WEB_ROUTES.filter((r) => r.public && r.path !== '/lobby')) {
    // A link's page (a supplier's response, a magic upload link) with a token nobody issued
    // shows the friendly dead-link page.
    const responsePage = route.path.endsWith('/:token');
    await page.goto(route.path.replace(':token', 'no-such-token'));
    await expect(page.locator(`[data-frame="${route.frame}"]`)).toBeVisible();
    const name =
      route.path === '/login'
        ? 'Sign in'
        : responsePage
          ? 'This link can no longer be used'
          : route.title;
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  }
});
