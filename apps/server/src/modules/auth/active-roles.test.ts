import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../users/user.schema.js';
import { useTestApp } from '../../../test/harness.js';

const t = useTestApp();

describe('PATCH /api/auth/active-roles', () => {
  it('lets a role-switching user narrow this session to roles they hold, and restore them', async () => {
    const cookie = await t.signIn('developer@example.com');
    const full = (await t.request({ url: '/api/v1/users/user-permissions', cookie })).json();
    expect(full).toContain('DevArea_CRUD');

    const res = await t.request({
      method: 'PATCH',
      url: '/api/auth/active-roles',
      cookie,
      payload: { roles: ['developer'] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().roles.standard.map((r: { role: string }) => r.role)).toEqual(['developer']);

    const bad = await t.request({
      method: 'PATCH',
      url: '/api/auth/active-roles',
      cookie,
      payload: { roles: ['sysAdmin'] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('You do not hold the role sysAdmin');

    const unknown = await t.request({
      method: 'PATCH',
      url: '/api/auth/active-roles',
      cookie,
      payload: { roles: ['emperor'] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].field).toMatch(/^body\.roles/);

    const restore = await t.request({
      method: 'PATCH',
      url: '/api/auth/active-roles',
      cookie,
      payload: { roles: null },
    });
    expect(restore.statusCode).toBe(200);
  });

  it('takes effect on the next request, for this session only', async () => {
    await t.database.db
      .update(users)
      .set({ standardRoles: ['tester', 'issuer'] })
      .where(eq(users.username, 'tester@example.com'));
    const cookie = await t.signIn('tester@example.com');
    const other = await t.signIn('tester@example.com');
    await t.request({
      method: 'PATCH',
      url: '/api/auth/active-roles',
      cookie,
      payload: { roles: ['issuer'] },
    });
    const narrowed = (await t.request({ url: '/api/v1/users/user-permissions', cookie })).json();
    expect(narrowed).not.toContain('EndToEndTest_RUN');
    expect(narrowed).toContain('Buyer_CREATE');
    const untouched = (
      await t.request({ url: '/api/v1/users/user-permissions', cookie: other })
    ).json();
    expect(untouched).toContain('EndToEndTest_RUN');

    // The profile keeps offering every held role to the switcher, whichever are active.
    const profile = (await t.request({ url: '/api/auth/session', cookie })).json();
    expect(profile.roles.standard.map((r: { role: string }) => r.role)).toEqual(['issuer']);
    expect(profile.availableStandardRoles).toEqual(['issuer', 'tester']);
  });

  it('refuses users who cannot switch roles', async () => {
    const cookie = await t.signIn('issuer@example.com');
    const res = await t.request({
      method: 'PATCH',
      url: '/api/auth/active-roles',
      cookie,
      payload: { roles: ['issuer'] },
    });
    expect(res.statusCode).toBe(403);
  });
});
