import { describe, expect, it } from 'vitest';
import { ISSUER, ROLES, actorWithRole, rolesThatCan } from '../../../test/policy-actors.js';
import {
  authorize,
  canChangeSettingsOf,
  canDeactivate,
  isEligible,
  seesMembersOf,
} from './users.policy.js';

/** SPEC §6: changing another user's settings (UsersUpdateAll) is user management. */
const USER_MANAGERS = ['sysAdmin', 'tester', 'developer', 'UserAdministrator'];
/** Staff see every issuer's members; others only their own issuers'. */
const STAFF = ['ptcoJobManager', 'sysAdmin', 'tester', 'developer', 'UserAdministrator'];

describe('users.policy', () => {
  it('names the roles the contract gives UsersUpdateAll', () => {
    expect(rolesThatCan('UsersUpdateAll')).toEqual(USER_MANAGERS);
  });

  it.each([
    [{ approved: true, pending: false, isDeactivated: false }, true],
    [{ approved: false, pending: false, isDeactivated: false }, false],
    [{ approved: true, pending: true, isDeactivated: false }, false],
    [{ approved: true, pending: false, isDeactivated: true }, false],
  ])('eligibility of %o is %s', (user, eligible) => {
    expect(isEligible(user)).toBe(eligible);
  });

  describe.each(ROLES)('%s', (role) => {
    const actor = actorWithRole(role);
    const self = { id: actor.userId };
    const someoneElse = { id: 'another-user' };
    const manager = USER_MANAGERS.includes(role);

    it(`changes its own settings${manager ? " and others'" : ' only'}`, () => {
      expect(canChangeSettingsOf(actor, self.id)).toBe(true);
      expect(canChangeSettingsOf(actor, someoneElse.id)).toBe(manager);
      expect(() => authorize(actor, 'changeSettings', self)).not.toThrow();
      if (manager) expect(() => authorize(actor, 'changeSettings', someoneElse)).not.toThrow();
      else
        expect(() => authorize(actor, 'changeSettings', someoneElse)).toThrow(
          expect.objectContaining({ statusCode: 403 }),
        );
    });

    it('never deactivates itself', () => {
      expect(canDeactivate(actor, self.id)).toBe(false);
      expect(canDeactivate(actor, someoneElse.id)).toBe(true);
      expect(() => authorize(actor, 'deactivate', self)).toThrow(
        expect.objectContaining({ statusCode: 400, message: 'You cannot deactivate yourself.' }),
      );
      expect(() => authorize(actor, 'deactivate', someoneElse)).not.toThrow();
    });

    it(`sees the members of its own issuer${STAFF.includes(role) ? ' and of others' : ''}`, () => {
      expect(seesMembersOf(actor, ISSUER.own)).toBe(true);
      expect(seesMembersOf(actor, ISSUER.other)).toBe(STAFF.includes(role));
    });
  });
});
