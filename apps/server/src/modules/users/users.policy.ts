import type { Actor } from '../../lib/actor.js';
import { actorCan } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import { seesIssuer } from '../issuers/issuers.policy.js';

/**
 * Record-level rules about users (SPEC §4 session eligibility, §7 user administration): small
 * named predicates, and `authorize`, which refuses what they deny. Route permissions are
 * checked before a service runs; these are the rules that depend on the user at hand.
 */

/** What eligibility reads of a user. */
export type EligibilityFacts = { approved: boolean; pending: boolean; isDeactivated: boolean };

/** An approved, signed-up, active user may use the product; others reach the lobby (SPEC §4). */
export function isEligible(user: EligibilityFacts): boolean {
  return user.approved && !user.pending && !user.isDeactivated;
}

/** Users change their own settings; changing someone else's needs UsersUpdateAll. */
export function canChangeSettingsOf(actor: Actor, userId: string): boolean {
  return userId === actor.userId || actorCan(actor, 'UsersUpdateAll');
}

/** An administrator cannot lock themself out. */
export function canDeactivate(actor: Actor, userId: string): boolean {
  return userId !== actor.userId;
}

/** The members of an issuer are listed to those who see the issuer. */
export function seesMembersOf(actor: Actor, issuerId: string): boolean {
  return seesIssuer(actor, issuerId);
}

export type UserAction = 'changeSettings' | 'deactivate';

/** Refuses the action on this user: 403 for another's settings, 400 for deactivating oneself. */
export function authorize<U extends { id: string }>(
  actor: Actor,
  action: UserAction,
  user: U,
): asserts user is U {
  switch (action) {
    case 'changeSettings':
      if (!canChangeSettingsOf(actor, user.id)) throw AppError.forbidden();
      return;
    case 'deactivate':
      if (!canDeactivate(actor, user.id))
        throw AppError.badRequest('You cannot deactivate yourself.', 'body.id');
      return;
  }
}
