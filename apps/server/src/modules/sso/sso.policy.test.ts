import { describe, expect, it } from 'vitest';
import { ISSUER, ROLES, actorWithRole, rolesThatCan } from '../../../test/policy-actors.js';
import { administersSsoOf, authorize } from './sso.policy.js';

/** Staff with the issuer area administer every issuer's sign-on. */
const STAFF = ['ptcoJobManager', 'sysAdmin', 'tester', 'developer', 'UserAdministrator'];

describe('sso.policy', () => {
  it('names the roles the contract gives the issuer area', () => {
    expect(rolesThatCan('IssuerArea_VIEW')).toEqual(STAFF);
  });

  describe.each(ROLES)('%s', (role) => {
    const staff = STAFF.includes(role);

    it(`${staff ? 'administers' : 'does not administer'} its own issuer's sign-on as a member`, () => {
      expect(administersSsoOf(actorWithRole(role), ISSUER.own)).toBe(staff);
    });

    it(`${staff ? 'administers' : 'does not administer'} another issuer's sign-on`, () => {
      expect(administersSsoOf(actorWithRole(role), ISSUER.other)).toBe(staff);
    });

    it("administers the sign-on of an issuer it manages, and only that one's", () => {
      const manager = { ...actorWithRole(role), managedIssuerIds: [ISSUER.own] };
      expect(administersSsoOf(manager, ISSUER.own)).toBe(true);
      expect(administersSsoOf(manager, ISSUER.other)).toBe(staff);
    });

    it(`${staff ? 'is let through' : 'gets a 404'} for another issuer`, () => {
      const check = () => authorize(actorWithRole(role), ISSUER.other);
      if (staff) expect(check).not.toThrow();
      else expect(check).toThrow(expect.objectContaining({ statusCode: 404 }));
    });
  });
});
