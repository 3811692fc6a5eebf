import { type Role, can } from '@b2b/contract';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';

/**
 * Who sees a video resource (SPEC §2 /resource-hub and analysis admin video-resources).
 * Resources are platform-wide, not an issuer's, so issuer membership plays no part: a user sees
 * a resource in the hub when one of their roles in effect is in its audience. Administrators
 * (VideoResources_CRUD) may also play any resource, to check what they uploaded. A resource a
 * user may not see is a 404, never a 403: its existence is not revealed.
 */

/** The user's roles in effect: standard and per-tab roles, as the role switcher leaves them. */
export type ViewerRoles = readonly Role[];

export function isInAudience(roles: ViewerRoles, resource: { audienceRoles: readonly string[] }) {
  return resource.audienceRoles.some((role) => roles.includes(role as Role));
}

export function managesResources(actor: Pick<Actor, 'permissions'>): boolean {
  return can(actor, 'VideoResources_CRUD');
}

/** May the user stream the resource's file? */
export function maySee(
  actor: Pick<Actor, 'permissions'>,
  roles: ViewerRoles,
  resource: { audienceRoles: readonly string[] },
): boolean {
  return (
    managesResources(actor) || (can(actor, 'ResourceHubView') && isInAudience(roles, resource))
  );
}

/** Throws the 404 a user gets for a resource they may not see. */
export function authorizeView(
  actor: Pick<Actor, 'permissions'>,
  roles: ViewerRoles,
  resource: { audienceRoles: readonly string[] } | undefined,
): asserts resource {
  if (!resource || !maySee(actor, roles, resource))
    throw AppError.notFound('Video resource not found.');
}
