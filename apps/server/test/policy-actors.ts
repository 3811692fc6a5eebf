import { ROLE_PERMISSIONS, STANDARD_ROLES, type StandardRole, can } from '@b2b/contract';
import type { Actor } from '../src/lib/actor.js';

/** Two issuers: the actor belongs to `own`, never to `other`. */
export const ISSUER = { own: 'issuer-own', other: 'issuer-other' } as const;

export const ROLES: readonly StandardRole[] = STANDARD_ROLES;

/**
 * A signed-in, eligible user holding exactly one demo role (SPEC §6 grants, from the
 * contract's ROLE_PERMISSIONS) and a member of ISSUER.own.
 */
export function actorWithRole(role: StandardRole, userId = `user-${role}`): Actor {
  return {
    userId,
    username: `${role.toLowerCase()}@example.com`,
    sessionId: `session-${role}`,
    permissions: [...ROLE_PERMISSIONS[role]],
    issuerIds: [ISSUER.own],
    managedIssuerIds: [],
    eligible: true,
  };
}

/** The demo roles that hold a permission, by the contract's own `can()`. */
export const rolesThatCan = (permission: string): StandardRole[] =>
  ROLES.filter((role) => can({ permissions: ROLE_PERMISSIONS[role] }, permission));
