import { DEFAULT_TABBED_VIEW_ROLES, STANDARD_ROLES, permissionsOf } from '@b2b/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.js';

const t = useTestApp();

describe('GET /api/v1/users/user-permissions', () => {
  it.each(STANDARD_ROLES)('returns exactly the documented set for %s', async (role) => {
    const cookie = await t.signIn(`${role.toLowerCase()}@example.com`);
    const res = await t.request({ url: '/api/v1/users/user-permissions', cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(permissionsOf([role, ...DEFAULT_TABBED_VIEW_ROLES[role]]));
  });

  it('gives sysAdmin IssuerArea_CRUD but not issuer; developer SystemMaintenanceMode_IGNORE', async () => {
    const get = async (u: string) =>
      (
        await t.request({ url: '/api/v1/users/user-permissions', cookie: await t.signIn(u) })
      ).json();
    expect(await get('sysadmin@example.com')).toContain('IssuerArea_CRUD');
    expect(await get('issuer@example.com')).not.toContain('IssuerArea_CRUD');
    expect(await get('developer@example.com')).toContain('SystemMaintenanceMode_IGNORE');
    expect(await get('sysadmin@example.com')).not.toContain('SystemMaintenanceMode_IGNORE');
  });
});

describe('eligibility, terms and branding', () => {
  it('reports an approved demo user as eligible', async () => {
    const cookie = await t.signIn('client@example.com');
    const res = await t.request({ url: '/api/v1/users/user-eligible-status', cookie });
    expect(res.json()).toEqual({
      eligible: true,
      approved: true,
      isDeactivated: false,
      pending: false,
      reason: null,
    });
  });

  it('records agreement to the latest terms and privacy policy', async () => {
    const cookie = await t.signIn('client@example.com');
    const tos = await t.request({
      method: 'PATCH',
      url: '/api/v1/users/user-agree-tos-latest',
      cookie,
    });
    expect(tos.json()).toMatchObject({ agreedLatestTermsOfService: true });
    const pp = await t.request({
      method: 'PATCH',
      url: '/api/v1/users/user-agree-pp-latest',
      cookie,
    });
    expect(pp.json()).toMatchObject({
      agreedLatestPrivacyPolicy: true,
      agreedLatestTermsOfService: true,
    });
  });

  it('lets a user choose their own branding, not somebody else’s, and rejects unknown ids', async () => {
    const cookie = await t.signIn('issuer@example.com');
    const me = (await t.request({ url: '/api/auth/session', cookie })).json();
    // Nothing chosen yet: the effective branding is the one inherited from the issuer.
    expect(me.branding.ownBrandingId).toBeNull();
    expect(me.branding.inheritedBrandingId).toBe(me.branding.brandingId);
    expect(me.branding.inheritedBrandingDisplayName).toBe(me.branding.brandingDisplayName);
    const brandings = (await t.request({ url: '/api/v2/brandings/all', cookie })).json();
    const lloyds = brandings.find((b: { brandingKey: string }) => b.brandingKey === 'Lloyds');
    const set = await t.request({
      method: 'PATCH',
      url: '/api/v1/users/user-set-branding',
      cookie,
      payload: { id: me.id, brandingId: lloyds.brandingId },
    });
    expect(set.json()).toMatchObject({ success: true, statusCode: 200 });
    const after = (await t.request({ url: '/api/auth/session', cookie })).json();
    expect(after.branding).toMatchObject({
      brandingKey: 'Lloyds',
      theme: 'lloyds',
      issuerName: 'Lloyds Commercial Banking',
      ownBrandingId: lloyds.brandingId,
      inheritedBrandingId: me.branding.inheritedBrandingId,
    });

    const other = (
      await t.request({ url: '/api/auth/session', cookie: await t.signIn('client@example.com') })
    ).json();
    const foreign = await t.request({
      method: 'PATCH',
      url: '/api/v1/users/user-set-branding',
      cookie,
      payload: { id: other.id, brandingId: null },
    });
    expect(foreign.statusCode).toBe(403);
    const unknown = await t.request({
      method: 'PATCH',
      url: '/api/v1/users/user-set-branding',
      cookie,
      payload: { id: me.id, brandingId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.statusCode).toBe(400);
    const malformed = await t.request({
      method: 'PATCH',
      url: '/api/v1/users/user-set-branding',
      cookie,
      payload: { id: 'not-a-uuid' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors[0].field).toBe('body.id');
  });
});

describe('authorization role lists', () => {
  it("returns the user's roles as System Roles and Analysis Roles lists", async () => {
    const cookie = await t.signIn('issuer@example.com');
    const res = await t.request({ url: '/api/v1/authorization/user-roles', cookie });
    const body = res.json();
    expect(body.standard).toEqual([
      expect.objectContaining({ role: 'issuer', displayName: 'Issuer' }),
    ]);
    expect(body.tabbedView.map((r: { role: string }) => r.role)).toEqual([
      ...DEFAULT_TABBED_VIEW_ROLES.issuer,
    ]);
  });

  it('lists every role for user administrators', async () => {
    const cookie = await t.signIn('useradministrator@example.com');
    const res = await t.request({ url: '/api/v1/authorization/all-roles', cookie });
    expect(res.json().standard).toHaveLength(STANDARD_ROLES.length);
    expect(res.json().tabbedView).toHaveLength(21);
  });
});
