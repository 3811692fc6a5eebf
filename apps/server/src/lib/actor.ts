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
};

export function actorCan(actor: Actor, permission: AnyPermission): boolean {
  return actor.permissions.includes(permission);
}
