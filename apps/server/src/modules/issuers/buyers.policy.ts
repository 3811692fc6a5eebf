import { type Actor, actorCan } from '../../lib/actor.js';

/**
 * Sees every issuer's buyers and their jobs (AllBuyers_VIEW, SPEC §6): the one place this rule
 * is written; buyer, job, insight and vendor reads all ask it.
 */
export function seesAllBuyers(actor: Actor): boolean {
  return actorCan(actor, 'AllBuyers_VIEW');
}

/** The issuers whose buyers the actor sees: undefined for all, else their own issuers. */
export function buyerScope(actor: Actor): readonly string[] | undefined {
  return seesAllBuyers(actor) ? undefined : actor.issuerIds;
}

/** Whether the actor sees (and may add to) the buyers of this issuer. */
export function seesBuyersOf(actor: Actor, issuerId: string): boolean {
  return seesAllBuyers(actor) || actor.issuerIds.includes(issuerId);
}
