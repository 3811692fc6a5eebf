import type { AnyPermission } from '@b2b/contract';

/** Who is acting: what services receive instead of the request. */
export type Actor = {
  userId: string;
  username: string;
  sessionId: string;
  permissions: readonly AnyPermission[];
  issuerIds: readonly string[];
  eligible: boolean;
};

export function actorCan(actor: Actor, permission: AnyPermission): boolean {
  return actor.permissions.includes(permission);
}
