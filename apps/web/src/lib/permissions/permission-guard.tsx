import type { ReactNode } from 'react';
import { useCan, type RequiredPermissions } from './use-can';

export type PermissionGuardProps = {
  /** Every one of these is required (a single permission may be given on its own). */
  permissions: RequiredPermissions;
  /** Show the children to users who do NOT hold the permissions instead. */
  inverted?: boolean;
  /** Rendered in place of the children when they are hidden; nothing by default. */
  fallback?: ReactNode;
  children: ReactNode;
};

/** Shows its children only to users holding the permissions (or, inverted, lacking them). */
export function PermissionGuard({
  permissions,
  inverted = false,
  fallback = null,
  children,
}: PermissionGuardProps) {
  const allowed = useCan(permissions);
  return <>{allowed !== inverted ? children : fallback}</>;
}
