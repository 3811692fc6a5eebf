import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import { issuerScope, seesIssuer } from '../issuers/issuers.policy.js';

/**
 * Who may see and change which magic links (SPEC §2 magic links, MagicLinks_CRUD checked by the
 * route): a link belongs to its issuer, and users see only their own issuers' links (staff with
 * the issuer area see every issuer's). Others' links answer 404, as if they did not exist.
 */

/** The issuers whose links the actor sees; undefined: every issuer. */
export const linkScope = (actor: Actor): readonly string[] | undefined => issuerScope(actor);

export const seesLink = (actor: Actor, link: { issuerId: string }): boolean =>
  seesIssuer(actor, link.issuerId);

export type MagicLinkAction = 'view' | 'revoke' | 'create';

/**
 * Refuses (404) a link, or a job to make one for, of an issuer the actor does not see. Making a
 * link also needs the job to be visible, which the jobs policy decides before this is asked.
 */
export function authorize(
  actor: Actor,
  action: MagicLinkAction,
  record: { issuerId: string },
): void {
  if (!seesLink(actor, record))
    throw AppError.notFound(action === 'create' ? 'No such job.' : 'No such magic link.');
}
