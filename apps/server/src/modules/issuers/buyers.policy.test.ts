import { describe, expect, it } from 'vitest';
import { ISSUER, ROLES, actorWithRole, rolesThatCan } from '../../../test/policy-actors.js';
import { authorize, buyerScope, seesAllBuyers, seesBuyersOf } from './buyers.policy.js';

/** SPEC §6: AllBuyers_VIEW, every issuer's buyers (and their jobs), is internal staff's. */
const ALL_BUYERS = ['ptcoJobManager', 'sysAdmin', 'tester', 'developer', 'UserAdministrator'];

describe('buyers.policy', () => {
  it('names the roles the contract gives AllBuyers_VIEW', () => {
    expect(rolesThatCan('AllBuyers_VIEW')).toEqual(ALL_BUYERS);
  });

  describe.each(ROLES)('%s', (role) => {
    const actor = actorWithRole(role);
    const all = ALL_BUYERS.includes(role);

    it(`${all ? 'sees' : 'does not see'} every issuer's buyers`, () => {
      expect(seesAllBuyers(actor)).toBe(all);
      expect(buyerScope(actor)).toEqual(all ? undefined : [ISSUER.own]);
    });

    it("sees its own issuer's buyers, another's only with AllBuyers_VIEW", () => {
      expect(seesBuyersOf(actor, ISSUER.own)).toBe(true);
      expect(seesBuyersOf(actor, ISSUER.other)).toBe(all);
    });

    it.each(['view', 'change', 'delete'] as const)('authorizes %s of a buyer it sees', (action) => {
      const own = { id: 'b1', issuerId: ISSUER.own };
      const other = { id: 'b2', issuerId: ISSUER.other };
      expect(() => authorize(actor, action, own)).not.toThrow();
      if (all) expect(() => authorize(actor, action, other)).not.toThrow();
      else
        expect(() => authorize(actor, action, other)).toThrow(
          expect.objectContaining({ statusCode: 404, message: 'Buyer not found.' }),
        );
    });
  });
});
