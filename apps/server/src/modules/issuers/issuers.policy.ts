import type { Actor } from '../../lib/actor.js';

/**
 * Which issuers an actor may see: staff with the issuer area see all (undefined), everybody
 * else only their own issuers.
 */
export function issuerScope(actor: Actor): readonly string[] | undefined {
  return actor.permissions.includes('IssuerArea_VIEW') ? undefined : actor.issuerIds;
}
