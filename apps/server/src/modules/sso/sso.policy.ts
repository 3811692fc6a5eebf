import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import { seesAllIssuers } from '../issuers/issuers.policy.js';

/**
 * Who may read and change an issuer's sign-on settings (SPEC §2 issuer administration): staff
 * with the issuer area, or a manager of that very issuer. Being a plain member is not enough:
 * the provider decides who can sign in as the issuer's users. Others get a 404, as if the
 * issuer did not exist.
 */
export function administersSsoOf(actor: Actor, issuerId: string): boolean {
  return seesAllIssuers(actor) || actor.managedIssuerIds.includes(issuerId);
}

export function authorize(actor: Actor, issuerId: string): void {
  if (!administersSsoOf(actor, issuerId)) throw AppError.notFound('Issuer not found.');
}
