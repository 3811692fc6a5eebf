import type { AnyPermission } from '@b2b/contract';

/** Who is acting: what services receive instead of the request. */
export type Actor = {
  userId: string;
  username: string;
  sessionId: string;
  permissions: readonly AnyPermission[];
  /** Issuers the user belongs to, as Manager or Member (SPEC §3 issuer-user assignment). */
  issuerIds: readonly string[];
  /** The subset the user manages: their jobs reach them as IssuerManager (SPEC §3 job connections). */
  managedIssuerIds: readonly string[];
  eligible: boolean;
  /**
   * Set for a MagicLinkUser (SPEC §3): a person without an account who opened a Results link.
   * `userId` is then the link's id (no user's), the permissions are the results screens' only,
   * every job but this one is invisible (jobs.policy) and every endpoint not listed in the
   * contract's RESULTS_LINK_ENDPOINTS is refused (plugins/authorize).
   */
  resultsLink?: { linkId: string; jobId: string };
};

export function actorCan(actor: Actor, permission: AnyPermission): boolean {
  return actor.permissions.includes(permission);
}
