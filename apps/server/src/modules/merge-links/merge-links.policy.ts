import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import { issuerScope, seesIssuer } from '../issuers/issuers.policy.js';

/**
 * Who may see and change which linked accounts (SPEC §2 merge-linked-accounts,
 * MergeLinkedAccounts_VIEW checked by the route): a linked account belongs to its issuer, and
 * users see only their own issuers' accounts (staff with the issuer area see every issuer's).
 * Others' accounts answer 404, as if they did not exist. Connecting from a job needs the job's
 * change rights, which the jobs policy decides before this is asked.
 */

/** The issuers whose linked accounts the actor sees; undefined: every issuer. */
export const linkedAccountScope = (actor: Actor): readonly string[] | undefined =>
  issuerScope(actor);

export const seesLinkedAccount = (actor: Actor, account: { issuerId: string }): boolean =>
  seesIssuer(actor, account.issuerId);

export type LinkedAccountAction = 'view' | 'sync' | 'unlink' | 'merge' | 'connect';

export function authorize(
  actor: Actor,
  action: LinkedAccountAction,
  account: { issuerId: string },
): void {
  if (!seesLinkedAccount(actor, account))
    throw AppError.notFound(action === 'connect' ? 'No such job.' : 'No such linked account.');
}

/**
 * Why two linked accounts cannot be merged, or null when they can: they must be different, of
 * the same issuer (the admin says they are the same buyer), and both connected (not Pending,
 * Unlinked or Merged).
 */
export function mergeRefusal(
  from: { id: string; issuerId: string; status: string },
  into: { id: string; issuerId: string; status: string },
): string | null {
  if (from.id === into.id) return 'A linked account cannot be merged into itself.';
  if (from.issuerId !== into.issuerId)
    return 'Only linked accounts of the same issuer can be merged: they must be the same buyer.';
  for (const account of [from, into])
    if (
      account.status === 'Unlinked' ||
      account.status === 'Merged' ||
      account.status === 'Pending'
    )
      return `A ${account.status} linked account cannot be merged.`;
  return null;
}
