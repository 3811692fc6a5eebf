export { PermissionGuard, type PermissionGuardProps } from './permission-guard';
export { useCan, type RequiredPermissions } from './use-can';
