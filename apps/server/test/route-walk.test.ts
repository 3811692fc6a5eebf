import { STANDARD_ROLES, can, permissionsOf, DEFAULT_TABBED_VIEW_ROLES } from '@b2b/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './harness.js';

const t = useTestApp();

/** Fills path parameters with a well-formed value. */
function concrete(url: string): string {
  return url.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000');
}

function apiRoutes() {
  return t.app.declaredRoutes.filter(
    (r) =>
      (r.url.startsWith('/api/') ||
        r.url.startsWith('/chat/') ||
        r.url === '/healthz' ||
        r.url === '/readyz') &&
      !r.url.startsWith('/api/docs') &&
      r.method !== 'HEAD',
  );
}

describe('every API route', () => {
  it('declares its access; the list is a snapshot whose diff is a permission change', async () => {
    const lines = apiRoutes()
      .map(
        (r) =>
          `${r.method} ${r.url} → ${'public' in r.access ? 'public' : r.access.permissions.join(', ') || 'signed-in'}`,
      )
      .sort();
    expect(lines.length).toBeGreaterThan(10);
    await expect(lines.join('\n') + '\n').toMatchFileSnapshot('./__snapshots__/routes.txt');
  });

  it('answers 401 without a session on every non-public route', async () => {
    for (const route of apiRoutes().filter((r) => !('public' in r.access))) {
      const res = await t.request({ method: route.method as 'GET', url: concrete(route.url) });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json()).toMatchObject({ success: false, statusCode: 401 });
    }
  });

  it('answers 403 to every role that lacks the route permission', async () => {
    let refusals = 0;
    for (const role of STANDARD_ROLES) {
      const cookie = await t.signIn(`${role.toLowerCase()}@example.com`);
      const user = { permissions: permissionsOf([role, ...DEFAULT_TABBED_VIEW_ROLES[role]]) };
      for (const route of apiRoutes()) {
        if ('public' in route.access || can(user, route.access.permissions)) continue;
        const res = await t.request({
          method: route.method as 'GET',
          url: concrete(route.url),
          cookie,
        });
        expect(res.statusCode, `${role}: ${route.method} ${route.url}`).toBe(403);
        expect(res.json()).toMatchObject({
          success: false,
          statusCode: 403,
          message: 'You do not have permission to do this.',
        });
        refusals++;
      }
    }
    expect(refusals).toBeGreaterThan(0);
  });
});
