import { describe, expect, it } from 'vitest';
import { ISSUER, ROLES, actorWithRole, rolesThatCan } from '../../../test/policy-actors.js';
import { authorize, issuerScope, seesAllIssuers, seesIssuer } from './issuers.policy.js';

/** SPEC §6: internal staff see the issuer area; everyone else only their own issuers. */
const STAFF = ['ptcoJobManager', 'sysAdmin', 'tester', 'developer', 'UserAdministrator'];

describe('issuers.policy', () => {
  it('names the staff roles the contract gives IssuerArea_VIEW', () => {
    expect(rolesThatCan('IssuerArea_VIEW')).toEqual(STAFF);
  });

  describe.each(ROLES)('%s', (role) => {
    const actor = actorWithRole(role);
    const staff = STAFF.includes(role);

    it(`${staff ? 'sees' : 'does not see'} every issuer`, () => {
      expect(seesAllIssuers(actor)).toBe(staff);
      expect(issuerScope(actor)).toEqual(staff ? undefined : [ISSUER.own]);
    });

    it('sees its own issuer, and another only as staff', () => {
      expect(seesIssuer(actor, ISSUER.own)).toBe(true);
      expect(seesIssuer(actor, ISSUER.other)).toBe(staff);
    });

    it.each(['view', 'administer'] as const)('authorizes %s of an issuer it sees', (action) => {
      expect(() => authorize(actor, action, { id: ISSUER.own })).not.toThrow();
      if (staff) expect(() => authorize(actor, action, { id: ISSUER.other })).not.toThrow();
      else
        expect(() => authorize(actor, action, { id: ISSUER.other })).toThrow(
          expect.objectContaining({ statusCode: 404 }),
        );
    });
  });
});
