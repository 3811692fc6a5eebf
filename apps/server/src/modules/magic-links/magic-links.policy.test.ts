import { describe, expect, it } from 'vitest';
import { ISSUER, ROLES, actorWithRole, rolesThatCan } from '../../../test/policy-actors.js';
import { authorize, linkScope, seesLink } from './magic-links.policy.js';

/** SPEC §2, §6: the magic links screen is the system administrator's (and testers' who copy it). */
const LINK_ADMINS = ['sysAdmin', 'tester', 'developer'];
/** Staff with the issuer area see every issuer, and so every issuer's links. */
const ALL_ISSUERS = rolesThatCan('IssuerArea_VIEW');

describe('magic-links.policy', () => {
  it('names the roles the contract gives MagicLinks_CRUD', () => {
    expect(rolesThatCan('MagicLinks_CRUD')).toEqual(LINK_ADMINS);
  });

  describe.each(ROLES)('%s', (role) => {
    const actor = actorWithRole(role);
    const seesAll = ALL_ISSUERS.includes(role);
    const notFound = expect.objectContaining({ statusCode: 404 });

    it('sees the links of its own issuer', () => {
      expect(seesLink(actor, { issuerId: ISSUER.own })).toBe(true);
      for (const action of ['view', 'revoke', 'create'] as const)
        expect(() => authorize(actor, action, { issuerId: ISSUER.own })).not.toThrow();
    });

    it(`${seesAll ? 'sees' : 'gets 404 for'} another issuer's links`, () => {
      const other = { issuerId: ISSUER.other };
      expect(seesLink(actor, other)).toBe(seesAll);
      expect(linkScope(actor)).toEqual(seesAll ? undefined : [ISSUER.own]);
      for (const action of ['view', 'revoke', 'create'] as const) {
        if (seesAll) expect(() => authorize(actor, action, other)).not.toThrow();
        else expect(() => authorize(actor, action, other)).toThrow(notFound);
      }
    });
  });
});
