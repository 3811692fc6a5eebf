import type { Actor } from '../../lib/actor.js';

/**
 * Which issuers an actor may see: staff with the issuer area see all (undefined), everybody
 * else only their own issuers.
 */
export function issuerScope(actor: Actor): readonly string[] | undefined {
  return actor.permissions.includes('IssuerArea_VIEW') ? undefined : actor.issuerIds;
}

/** Buyers: AllBuyers_VIEW sees every issuer's buyers, others only their issuers'. */
export function buyerScope(actor: Actor): readonly string[] | undefined {
  return actor.permissions.includes('AllBuyers_VIEW') ? undefined : actor.issuerIds;
}
