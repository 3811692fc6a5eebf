import { describe, expect, it } from 'vitest';
import { ISSUER, ROLES, actorWithRole, rolesThatCan } from '../../../test/policy-actors.js';
import {
  authorize,
  linkedAccountScope,
  mergeRefusal,
  seesLinkedAccount,
} from './merge-links.policy.js';

/** SPEC §6: merge linked accounts is a system administrator's area (testers and developers copy it). */
const ACCOUNT_ADMINS = ['sysAdmin', 'tester', 'developer'];
/** Staff with the issuer area see every issuer, and so every issuer's linked accounts. */
const ALL_ISSUERS = rolesThatCan('IssuerArea_VIEW');
const ACTIONS = ['view', 'sync', 'unlink', 'merge', 'connect'] as const;

describe('merge-links.policy', () => {
  it('names the roles the contract gives MergeLinkedAccounts_VIEW', () => {
    expect(rolesThatCan('MergeLinkedAccounts_VIEW')).toEqual(ACCOUNT_ADMINS);
  });

  describe.each(ROLES)('%s', (role) => {
    const actor = actorWithRole(role);
    const seesAll = ALL_ISSUERS.includes(role);
    const notFound = expect.objectContaining({ statusCode: 404 });

    it('sees the linked accounts of its own issuer', () => {
      expect(seesLinkedAccount(actor, { issuerId: ISSUER.own })).toBe(true);
      for (const action of ACTIONS)
        expect(() => authorize(actor, action, { issuerId: ISSUER.own })).not.toThrow();
    });

    it(`${seesAll ? 'sees' : 'gets 404 for'} another issuer's linked accounts`, () => {
      const other = { issuerId: ISSUER.other };
      expect(seesLinkedAccount(actor, other)).toBe(seesAll);
      expect(linkedAccountScope(actor)).toEqual(seesAll ? undefined : [ISSUER.own]);
      for (const action of ACTIONS) {
        if (seesAll) expect(() => authorize(actor, action, other)).not.toThrow();
        else expect(() => authorize(actor, action, other)).toThrow(notFound);
      }
    });
  });

  it('merges only two different connected accounts of one issuer', () => {
    const a = { id: 'a', issuerId: ISSUER.own, status: 'Linked' };
    const b = { id: 'b', issuerId: ISSUER.own, status: 'Failing' };
    expect(mergeRefusal(a, b)).toBeNull();
    expect(mergeRefusal(a, a)).toBe('A linked account cannot be merged into itself.');
    expect(mergeRefusal(a, { ...b, issuerId: ISSUER.other })).toMatch(/same issuer/);
    for (const status of ['Pending', 'Unlinked', 'Merged'])
      expect(mergeRefusal(a, { ...b, status })).toBe(
        `A ${status} linked account cannot be merged.`,
      );
  });
});
