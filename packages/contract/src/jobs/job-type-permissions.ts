import { JOB_TYPES, type JobType } from '../analysis/enums.js';
import { can, type AnyPermission } from '../permissions.js';

/**
 * What creating a job of each type needs beyond JobCreate: the upload tab of its accessor role
 * (SPEC §6 per-tab roles) and, for Matched Data Only, the matched-data-only workflow the issuer
 * base holds (SPEC §6 hierarchy).
 */
export const JOB_TYPE_CREATE_PERMISSIONS: Record<JobType, readonly AnyPermission[]> = {
  base: ['JobTab_SummaryUpload_VIEW'],
  'matched-data-only': ['JobTab_MatchedDataOnlyUpload_VIEW', 'MatchedDataOnlyWorkflow_VIEW'],
  advanced: ['JobTab_ConsultantUpload_VIEW'],
};

/** The job types a user may create, in SPEC order. */
export function creatableJobTypes(user: { permissions: readonly string[] } | null): JobType[] {
  return (Object.keys(JOB_TYPES) as JobType[]).filter(
    (type) => can(user, 'JobCreate') && can(user, JOB_TYPE_CREATE_PERMISSIONS[type]),
  );
}
