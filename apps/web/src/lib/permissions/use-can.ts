import { can, type AnyPermission } from '@b2b/contract';
import { useSession } from '../auth/get-session';

/** One permission, or a list of which every one is required. */
export type RequiredPermissions = AnyPermission | readonly AnyPermission[];

/**
 * True when the signed-in user holds every listed permission; false while nobody is signed in.
 * For the experience only: the server enforces the same permissions on every call.
 */
export function useCan(permissions: RequiredPermissions): boolean {
  const { data: user } = useSession();
  return can(user, permissions);
}
