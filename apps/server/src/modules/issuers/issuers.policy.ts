import type { Actor } from '../../lib/actor.js';
import { actorCan } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';

/**
 * Which issuers an actor may see and administer (SPEC §7 issuer administration): small named
 * predicates and `authorize`. Others' issuers answer 404, as if they did not exist.
 */

/** Staff with the issuer area see every issuer. */
export function seesAllIssuers(actor: Actor): boolean {
  return actorCan(actor, 'IssuerArea_VIEW');
}

/**
 * Which issuers an actor may see: staff with the issuer area see all (undefined), everybody
 * else only their own issuers.
 */
export function issuerScope(actor: Actor): readonly string[] | undefined {
  return seesAllIssuers(actor) ? undefined : actor.issuerIds;
}

/** Whether the actor sees this issuer (and so may read or change it, route permitting). */
export function seesIssuer(actor: Actor, issuerId: string): boolean {
  return seesAllIssuers(actor) || actor.issuerIds.includes(issuerId);
}

export type IssuerAction = 'view' | 'administer';

/** Refuses (404) an issuer the actor does not see; the route has checked the permission. */
export function authorize<I extends { id: string }>(
  actor: Actor,
  _action: IssuerAction,
  issuer: I,
): asserts issuer is I {
  if (!seesIssuer(actor, issuer.id)) throw AppError.notFound('Issuer not found.');
}
