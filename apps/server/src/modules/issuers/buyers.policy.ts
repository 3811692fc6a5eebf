import { type Actor, actorCan } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';

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

export type BuyerAction = 'view' | 'change' | 'delete';

/**
 * Refuses (404, as if it did not exist) a buyer of an issuer the actor does not see. The
 * route has checked the permission for the action; the issuer is the whole record rule.
 */
export function authorize<B extends { issuerId: string }>(
  actor: Actor,
  _action: BuyerAction,
  buyer: B,
): asserts buyer is B {
  if (!seesBuyersOf(actor, buyer.issuerId)) throw AppError.notFound('Buyer not found.');
}
