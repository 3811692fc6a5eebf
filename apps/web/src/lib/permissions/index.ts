export { PermissionGuard } from './permission-guard';
export { useCan } from './use-can';
